import SimUIKit

/// A message wrapped in a closure, kept by ``Coordinator/enqueueMessage(_:)`` until
/// ``Coordinator/processQueuedMessages()`` runs it.
public typealias CoordinatingQueuedMessage = () -> Void

/// The base of the coordinator tree: a `UIResponder` parameterised by its root controller type, as in the
/// UIResponder-style Coordinator library.
/// Subclass it (or ``NavigationCoordinator``), start it with ``start(with:)`` and stop it with ``stop(with:)``.
@MainActor
open class Coordinator<T: UIViewController>: UIResponder, Coordinating, CoordinatingMessageHandling,
    CoordinatingResponderRouting
{
    /// The root controller (retained).
    public let rootViewController: T!

    /// The key of the coordinator in its parent's ``childCoordinators``: its type's name unless set.
    open lazy var identifier: String = String(describing: type(of: self))
    public weak var parent: Coordinating?
    public private(set) var childCoordinators: [String: Coordinating] = [:]
    public private(set) var isStarted = false
    /// Messages waiting for ``processQueuedMessages()``, oldest first.
    public private(set) var queuedMessages: [CoordinatingQueuedMessage] = []

    public init(rootViewController: T?) {
        self.rootViewController = rootViewController
        super.init()
    }

    /// Messages go up to the parent coordinator.
    open var nextCoordinatingResponder: UIResponder? { parent as? UIResponder }

    open override var next: UIResponder? { parent as? UIResponder }

    /// Starts the coordinator: it becomes its root controller's `parentCoordinator`.
    open func start(with completion: @escaping () -> Void = {}) {
        isStarted = true
        rootViewController?.recordCoordinator(self, started: true)
        activate()
        completion()
    }

    /// Stops the coordinator and its children.
    open func stop(with completion: @escaping () -> Void = {}) {
        for child in childCoordinators.values {
            stopChild(coordinator: child)
        }
        isStarted = false
        if rootViewController?.parentCoordinator === self {
            rootViewController?.parentCoordinator = nil
        }
        rootViewController?.recordCoordinator(self, started: false)
        completion()
    }

    /// By default, stops the finished child.
    open func coordinatorDidFinish(_ coordinator: Coordinating, completion: @escaping () -> Void = {}) {
        stopChild(coordinator: coordinator, completion: completion)
    }

    /// Makes this coordinator its root controller's `parentCoordinator` again (after another coordinator
    /// sharing the controller was active).
    open func activate() {
        rootViewController?.parentCoordinator = self
    }

    /// Takes over the root controller from another coordinator that shares it.
    open func takeover() {
        activate()
    }

    /// Retains `coordinator` as a child, makes this its parent, and starts it.
    public func startChild(coordinator: Coordinating, completion: @escaping () -> Void = {}) {
        childCoordinators[coordinator.identifier] = coordinator
        coordinator.parent = self
        coordinator.start(with: completion)
    }

    /// Stops `coordinator` and releases it.
    public func stopChild(coordinator: Coordinating, completion: @escaping () -> Void = {}) {
        coordinator.stop { [weak self] in
            coordinator.parent = nil
            if self?.childCoordinators[coordinator.identifier] === coordinator {
                self?.childCoordinators.removeValue(forKey: coordinator.identifier)
            }
            completion()
        }
    }

    /// Keeps `message` until ``processQueuedMessages()`` runs it: the library's idiom for a message that
    /// arrives before the coordinator's dependencies (`guard let deps else { enqueueMessage { … }; return }`).
    /// It never runs at once, so a message that queues itself again cannot recurse.
    public func enqueueMessage(_ message: @escaping CoordinatingQueuedMessage) {
        queuedMessages.append(message)
    }

    /// Runs the queued messages, oldest first; call it when the dependencies the messages wait for
    /// arrive. Messages queued while they run (a message whose dependencies are still missing queues
    /// itself again) wait for the next call.
    public func processQueuedMessages() {
        let messages = queuedMessages
        queuedMessages.removeAll()
        for message in messages { message() }
    }

    /// Override to handle messages sent up the coordinating-responder chain; return false to pass them on.
    open func handle(_ message: any CoordinatingMessage) -> Bool { false }

    /// Override to answer questions asked up the coordinating-responder chain (A9): return a value of the
    /// question's `Answer` type, or nil to pass it on.
    open func answer(_ question: any CoordinatingQuestion) -> Any? { nil }

    /// Makes `child` a started child without starting it (used when restoring a snapshot).
    func adoptChild(_ child: Coordinating) {
        childCoordinators[child.identifier] = child
        child.parent = self
    }

    /// Marks the coordinator started without running its start logic (used when restoring a snapshot).
    func markStarted() {
        isStarted = true
        (self as? NavigationCoordinator)?.attachToStack()
        rootViewController?.recordCoordinator(self, started: true)
    }

    var rootController: UIViewController? { rootViewController }

    /// How many parents the coordinator has.
    var depth: Int {
        var depth = 0
        var ancestor = parent
        while let current = ancestor {
            depth += 1
            ancestor = current.parent
        }
        return depth
    }

    /// The controllers the coordinator owns, for the bridged tree.
    var ownedControllers: [UIViewController] { rootViewController.map { [$0] } ?? [] }
}
