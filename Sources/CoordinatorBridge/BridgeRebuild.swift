import Foundation
@_spi(Adapters) import Insecurity
import SimUIKit

/// A restored object that stands for a type the importer could not create; trees report `bridgedTypeName`.
@MainActor
public protocol BridgeTypeNamed: AnyObject {
    var bridgedTypeName: String { get }
}

/// Stands in, after an import, for the Insecurity coordinator of a frame: it keeps the original type
/// name, and an adapter whose plugin describes the frame may claim it (``framework``).
@MainActor
public final class RestoredCoordinator: InsecurityCoordinator<Void> {
    private let restoredTypeName: String
    /// The framework whose plugin describes this coordinator, if any.
    public var framework: String?

    public init(typeName: String) {
        restoredTypeName = typeName
        super.init()
    }

    @_spi(Adapters) public override var bridgedTypeName: String { restoredTypeName }

    public override var viewController: UIViewController { UIViewController() }
}

/// Why a plugin could not rebuild its coordinators.
public struct BridgeRebuildError: Error, Sendable, Hashable, CustomStringConvertible {
    public let coordinatorID: String
    public let message: String

    public init(coordinatorID: String, message: String) {
        self.coordinatorID = coordinatorID
        self.message = message
    }

    public var description: String { "coordinator \"\(coordinatorID)\": \(message)" }
}

/// Given to plugins while a tree is rebuilt: the live controllers and frame coordinators by id, and a
/// place to keep what they create alive for as long as the rebuilt tree.
@MainActor
public final class BridgeRebuildContext {
    private let controllers: [String: UIViewController]
    private let frameCoordinators: [String: RestoredCoordinator]
    private let framesShowing: Set<String>
    private let leavingWithQueuedPops: Set<String>
    private let hosts: [(host: InsecurityHost, framework: String?)]
    private let factories: CoordinatorFactories
    private(set) var retained: [AnyObject] = []

    init(
        controllers: [String: UIViewController], frameCoordinators: [String: RestoredCoordinator],
        framesShowing: Set<String>, leavingWithQueuedPops: Set<String>,
        hosts: [(host: InsecurityHost, framework: String?)], factories: CoordinatorFactories
    ) {
        self.controllers = controllers
        self.frameCoordinators = frameCoordinators
        self.framesShowing = framesShowing
        self.leavingWithQueuedPops = leavingWithQueuedPops
        self.hosts = hosts
        self.factories = factories
    }

    /// The app's coordinator of type `typeName` made by the builder's ``CoordinatorFactories`` for
    /// `rootViewController`, or nil when no factory is registered for that type (X9).
    public func makeCoordinator(typeName: String, rootViewController: UIViewController?) -> AnyObject? {
        factories.makeAdapted(typeName: typeName, rootViewController: rootViewController)
    }

    /// Whether a restored Insecurity frame (a stand-in or the app's own coordinator) shows the controller with this id.
    public func hasFrame(showing controllerID: String) -> Bool { framesShowing.contains(controllerID) }

    /// Whether a pop that was waiting in the engine's queue, and runs after the import, takes the controller
    /// with this id off its stack (its frame had ended already: the coordinators asked for the pop).
    public func leavesWithQueuedPop(_ controllerID: String) -> Bool { leavingWithQueuedPops.contains(controllerID) }

    /// The rebuilt hosts that push onto `navigationController`, in document order, each with the framework
    /// whose adapter ran it (nil for the app's own hosts, and in snapshots before version 3).
    public func navigationHosts(for navigationController: UINavigationController)
        -> [(host: InsecurityHost, framework: String?)]
    {
        hosts.filter { entry in
            if case .navigation(let base) = entry.host.hostBase { return base === navigationController }
            return false
        }
    }

    public func controller(withID id: String) -> UIViewController? { controllers[id] }

    /// The stand-in coordinator of the frame that shows the controller with this id (nil when the frame's
    /// coordinator was made by a factory).
    public func frameCoordinator(showing controllerID: String) -> RestoredCoordinator? {
        frameCoordinators[controllerID]
    }

    /// Keeps `object` alive as long as the rebuilt tree.
    public func retain(_ object: AnyObject) { retained.append(object) }
}

/// Builds live objects from a ``BridgedTree`` (the reverse of ``BridgeReader``).
@MainActor
public struct BridgeBuilder {
    public let registry: BridgeRegistry
    /// Makes controllers by type name. Types without a factory become stand-ins of the described kind
    /// (plain controller, navigation, tab bar or split view controller) that report the original type name.
    public var controllerFactories: [String: @MainActor () -> UIViewController] = [:]
    /// Makes the app's own coordinators by type name (X9); types without a factory become stand-ins.
    public var coordinatorFactories = CoordinatorFactories()
    /// The app's handlers for restored alerts' actions (X11).
    public var alertActionHandlers = AlertActionHandlers()

    public init(registry: BridgeRegistry) {
        self.registry = registry
    }

    /// The live tree: windows, controllers, presentations, hosts with frames, adapters' coordinators.
    public struct Live {
        public let windows: [UIWindow]
        public let hosts: [InsecurityHost]
        /// Everything else the rebuilt tree keeps alive (coordinators).
        public let retained: [AnyObject]
    }

    /// What went wrong while building; nothing built so far is attached to any existing object.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public let messages: [String]
        public var description: String { messages.joined(separator: "\n") }
    }

    /// Builds `tree` into new windows. Existing windows and controllers are never touched, so a failure
    /// leaves the app as it was (X5). A document that would make UIKit raise (S17) fails with UIKit's reason.
    public func build(_ tree: BridgedTree) throws(Failure) -> Live {
        var built: Result<(live: Live, attach: () -> Void), Failure> = .failure(Failure(messages: []))
        // The recorded relationships already exist: they are set up at once, whatever the timing model (S18).
        let timing = SimAnimation.nonAnimatedTiming
        SimAnimation.nonAnimatedTiming = .immediate
        let exceptions = SimExceptions.capture {
            built = Result { () throws(Failure) in try assemble(tree) }
        }
        SimAnimation.nonAnimatedTiming = timing
        guard exceptions.isEmpty else {
            throw Failure(messages: exceptions.map { "UIKit would raise \($0.name): \($0.reason)" })
        }
        let (live, attach) = try built.get()
        attach()
        return live
    }

    /// Builds the new objects, and returns with them what attaches them to the app (the key window, the
    /// resumed queue), to run once nothing failed.
    private func assemble(_ tree: BridgedTree) throws(Failure) -> (live: Live, attach: () -> Void) {
        var failures: [String] = []
        // The app's Insecurity coordinators make their own controllers, as when they start.
        var restorable: [String: RestorableFrame] = [:]
        for host in tree.hosts {
            for frame in host.frames {
                guard let id = frame.controllerID,
                    let made = coordinatorFactories.makeFrame(typeName: frame.coordinatorType)
                else { continue }
                restorable[id] = made
            }
        }
        var controllers: [String: UIViewController] = [:]
        for described in tree.controllers {
            if let made = restorable[described.id], String(describing: type(of: made.controller)) != described.type {
                failures.append(
                    "controller \"\(described.id)\": \(type(of: made.coordinator)) made a \(type(of: made.controller)), not a \(described.type)"
                )
            }
            let controller =
                restorable[described.id]?.controller ?? controllerFactories[described.type]?()
                ?? Self.standIn(for: described)
            if let alert = described.alert {
                if let made = controller as? UIAlertController {
                    if let mismatch = alert.restore(into: made, id: described.id, handlers: alertActionHandlers) {
                        failures.append("controller \"\(described.id)\": \(mismatch)")
                    }
                } else {
                    failures.append(
                        "controller \"\(described.id)\": the factory for \(described.type) made a \(type(of: controller)), not an alert"
                    )
                }
            }
            let made = BridgedContainer(of: controller)?.name
            if made != described.container?.name {
                failures.append(
                    "controller \"\(described.id)\": the factory for \(described.type) made \(made.map { "a \($0) container" } ?? "no container"), not \(described.container.map { "a \($0.name) container" } ?? "a plain controller")"
                )
            }
            controller.title = described.title
            controller.restorationIdentifier = described.id
            controllers[described.id] = controller
        }
        guard failures.isEmpty else { throw Failure(messages: failures) }

        var windows: [UIWindow] = []
        var hosts: [InsecurityHost] = []
        var frameCoordinators: [String: RestoredCoordinator] = [:]
        var framesShowing = Set<String>()
        var madeCoordinators: [AnyObject] = []
        let warnings = SimWarnings.capture {
            for described in tree.controllers {
                guard let container = controllers[described.id] else { continue }
                let children = described.children.compactMap { controllers[$0] }
                switch (container, described.container) {
                case (let navigation as UINavigationController, _):
                    navigation.setViewControllers(children, animated: false)
                case (let tabs as UITabBarController, .tabBar(let selected)):
                    tabs.setViewControllers(children, animated: false)
                    if let selected { tabs.selectedIndex = selected }
                case (let split as UISplitViewController, .splitView(let collapsed)):
                    split.viewControllers = children
                    split.simulateCollapse(collapsed)
                default:
                    for child in children {
                        container.addChild(child)
                        child.didMove(toParent: container)
                    }
                }
            }
            var windowsByID: [String: UIWindow] = [:]
            for described in tree.windows {
                let window = UIWindow()
                window.restorationIdentifier = described.id
                window.rootViewController = described.rootID.flatMap { controllers[$0] }
                var presenter = window.rootViewController
                for link in described.presented {
                    guard let presented = controllers[link.controllerID] else { continue }
                    presented.modalPresentationStyle = UIModalPresentationStyle(name: link.style) ?? .automatic
                    presenter?.present(presented, animated: false)
                    presenter = presented
                }
                window.isHidden = !described.isVisible
                windowsByID[described.id] = window
                windows.append(window)
            }
            for described in tree.hosts {
                let host: InsecurityHost?
                switch described.base {
                case .modal(let id): host = id.flatMap { controllers[$0] }.map { InsecurityHost(modal: $0) }
                case .navigation(let id):
                    host = id.flatMap { controllers[$0] as? UINavigationController }.map {
                        InsecurityHost(restoringOn: $0)
                    }
                case .window(let id): host = id.flatMap { windowsByID[$0] }.map { InsecurityHost(restoringOn: $0) }
                }
                guard let host else {
                    failures.append("host \"\(described.id)\": its base is missing or of the wrong kind")
                    continue
                }
                hosts.append(host)
                weak var below: AnyObject?
                for frame in described.frames {
                    let controller = frame.controllerID.flatMap { controllers[$0] } ?? UnrecordedController()
                    let isShown = frame.state == "shown"
                    guard let presentation = NavigationEvent.Presentation(rawValue: frame.kind) else { continue }
                    let adopted: Bool
                    if let made = frame.controllerID.flatMap({ restorable[$0] }) {
                        let receiver = below as? RestoredChildResultReceiver
                        let chainFinished = receiver == nil && below == nil ? coordinatorFactories.chainFinished : nil
                        adopted = made.adopt(host, presentation, isShown) {
                            [weak receiver, weak child = made.coordinator] result in
                            guard let child else { return }
                            receiver?.restoredChild(child, didFinishWith: result)
                            chainFinished?(child, result)
                        }
                        below = made.coordinator
                        madeCoordinators.append(made.coordinator)
                    } else {
                        let coordinator = RestoredCoordinator(typeName: frame.coordinatorType)
                        adopted = host.adopt(coordinator, showing: controller, as: presentation, isShown: isShown)
                        if let id = frame.controllerID { frameCoordinators[id] = coordinator }
                        below = coordinator
                    }
                    guard adopted else {
                        failures.append(
                            "host \"\(described.id)\": a \(frame.kind) frame of \(frame.coordinatorType) does not match the controllers' relationships"
                        )
                        continue
                    }
                    if let id = frame.controllerID { framesShowing.insert(id) }
                }
            }
        }
        failures += warnings.map { "UIKit refused a relationship: \($0.message)" }
        guard failures.isEmpty else { throw Failure(messages: failures) }

        var leavingWithQueuedPops = Set<String>()
        for case .pop(let navigationID, let id, _) in tree.queued {
            let stack = tree.controllers.first { $0.id == navigationID }?.children ?? []
            leavingWithQueuedPops.formUnion(stack.drop { $0 != id }.dropFirst())
        }
        let context = BridgeRebuildContext(
            controllers: controllers, frameCoordinators: frameCoordinators, framesShowing: framesShowing,
            leavingWithQueuedPops: leavingWithQueuedPops,
            // Every described host was rebuilt (a failure has thrown by now), in order.
            hosts: Array(zip(hosts, tree.hosts.map(\.framework))), factories: coordinatorFactories
        )
        for plugin in registry.plugins {
            let described = tree.coordinators.filter { $0.framework == plugin.framework }
            do {
                try plugin.rebuildCoordinators(described, in: context)
            } catch {
                failures.append("\(plugin.framework): \(error)")
            }
        }
        let known = Set(registry.plugins.map(\.framework))
        for coordinator in tree.coordinators where !known.contains(coordinator.framework) {
            failures.append("coordinator \"\(coordinator.id)\": no plugin is registered for \(coordinator.framework)")
        }
        guard failures.isEmpty else { throw Failure(messages: failures) }
        let live = Live(
            windows: windows, hosts: hosts,
            retained: context.retained + Array(frameCoordinators.values) + madeCoordinators)
        return (
            live,
            {
                // Only once everything is built: making a window key is the one change visible outside the
                // new objects.
                for (window, described) in zip(windows, tree.windows) where described.isKey {
                    window.makeKey()
                }
                Self.resumeQueue(tree.queued, controllers: controllers, hosts: hosts)
            }
        )
    }

    /// What was waiting in the engine's queue when the snapshot was taken is queued again and runs from the
    /// run loop's next turn, as it would have once the transitions it waited for ended: the removals in
    /// their order, then the frames that were waiting to be shown. Until then the restored tree is exactly
    /// the snapshot's, queue included.
    private static func resumeQueue(
        _ queued: [BridgedQueuedRemoval], controllers: [String: UIViewController], hosts: [InsecurityHost]
    ) {
        let removals: [QueuedRemoval] = queued.compactMap { removal in
            switch removal {
            case .dismissal(let id, let animated):
                return controllers[id].map { .dismissal(of: $0, animated: animated) }
            case .pop(let navigationID, let id, let animated):
                guard let navigation = controllers[navigationID] as? UINavigationController, let controller = controllers[id]
                else { return nil }
                return .pop(navigation, to: controller, animated: animated)
            }
        }
        UIKitOperations.resumeRestored(removals, hosts: hosts)
    }

    /// UIKit's own classes for their names; otherwise a stand-in of the described container kind that
    /// keeps the type name.
    private static func standIn(for described: BridgedController) -> UIViewController {
        if let alert = described.alert {
            let style = UIAlertController.Style(name: alert.style) ?? .alert
            return described.type == "UIAlertController"
                ? UIAlertController(title: nil, message: nil, preferredStyle: style)
                : RestoredAlertController.make(typeName: described.type, style: style)
        }
        return switch (described.type, described.container) {
        case ("UIViewController", nil): UIViewController()
        case ("UINavigationController", .navigation): UINavigationController()
        case ("UITabBarController", .tabBar): UITabBarController()
        case ("UISplitViewController", .splitView): UISplitViewController()
        case (_, .navigation): RestoredNavigationController(typeName: described.type)
        case (_, .tabBar): RestoredTabBarController(typeName: described.type)
        case (_, .splitView): RestoredSplitViewController(typeName: described.type)
        case (_, nil): RestoredViewController(typeName: described.type)
        }
    }
}

/// Shown by a restored frame whose snapshot names no controller (earlier versions did not record a waiting
/// frame's); snapshots leave it out again, so they round-trip.
@MainActor
final class UnrecordedController: UIViewController {}

/// Stands in for a controller type the importer has no factory for.
@MainActor
public final class RestoredViewController: UIViewController, BridgeTypeNamed {
    public let bridgedTypeName: String

    public init(typeName: String) {
        bridgedTypeName = typeName
        super.init(nibName: nil, bundle: nil)
    }

    /// Stand-ins are made by the importer only.
    public required init?(coder: NSCoder) { return nil }
}

/// Stands in for a navigation controller type the importer has no factory for.
@MainActor
public final class RestoredNavigationController: UINavigationController, BridgeTypeNamed {
    public let bridgedTypeName: String

    public init(typeName: String) {
        bridgedTypeName = typeName
        super.init(nibName: nil, bundle: nil)
    }

    /// Stand-ins are made by the importer only.
    public required init?(coder: NSCoder) { return nil }
}

/// Stands in for a tab bar controller type the importer has no factory for.
@MainActor
public final class RestoredTabBarController: UITabBarController, BridgeTypeNamed {
    public let bridgedTypeName: String

    public init(typeName: String) {
        bridgedTypeName = typeName
        super.init(nibName: nil, bundle: nil)
    }

    /// Stand-ins are made by the importer only.
    public required init?(coder: NSCoder) { return nil }
}

/// Stands in for a split view controller type the importer has no factory for.
@MainActor
public final class RestoredSplitViewController: UISplitViewController, BridgeTypeNamed {
    public let bridgedTypeName: String

    public init(typeName: String) {
        bridgedTypeName = typeName
        super.init(nibName: nil, bundle: nil)
    }

    /// Stand-ins are made by the importer only.
    public required init?(coder: NSCoder) { return nil }
}

extension UIModalPresentationStyle {
    /// The style with this case name.
    init?(name: String) {
        let all: [UIModalPresentationStyle] = [
            .fullScreen, .pageSheet, .formSheet, .currentContext, .custom, .overFullScreen, .overCurrentContext,
            .popover, .none, .automatic,
        ]
        guard let style = all.first(where: { $0.name == name }) else { return nil }
        self = style
    }
}
