import Foundation
@_spi(Adapters) import Insecurity
import SimUIKit

/// Stands in, after an import, for the Insecurity coordinator of a frame: it keeps the original type
/// name and the framework whose screen the frame shows (``framework``).
@MainActor
public final class RestoredCoordinator: InsecurityCoordinator<Void> {
    /// What a stand-in stands for, shared by the stand-ins of a chain that stand for the same type, so that
    /// each is a word smaller than the two names.
    final class Origin {
        let typeName: String
        let framework: String?

        init(typeName: String, framework: String?) {
            self.typeName = typeName
            self.framework = framework
        }

        func describes(typeName: String, framework: String?) -> Bool {
            self.typeName == typeName && self.framework == framework
        }
    }

    let origin: Origin

    /// The framework whose adapter showed the frame, as the snapshot records it: the runner of the frame's
    /// host, else the framework of the coordinator the snapshot says shows the frame's controller; nil for
    /// the app's own frames.
    public var framework: String? { origin.framework }

    public convenience init(typeName: String, framework: String? = nil) {
        self.init(origin: Origin(typeName: typeName, framework: framework))
    }

    init(origin: Origin) {
        self.origin = origin
        super.init()
    }

    public override var bridgedTypeName: String { origin.typeName }

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
    private let controllers: RebuiltControllers
    /// What the rebuild recorded: the described frames, every one of which was adopted, and for each that shows
    /// a recorded controller, in document order, its stand-in coordinator (nil when the app's own was adopted).
    /// The tables below are made from them when a plugin first asks, so that a tree without adapters'
    /// coordinators pays for none.
    private let framePlan: FramePlan
    private let standIns: [RestoredCoordinator?]
    private lazy var frameCoordinators: [String: RestoredCoordinator] = {
        var table: [String: RestoredCoordinator] = [:]
        var next = standIns.makeIterator()
        for frame in framePlan.frames {
            guard let id = framePlan.controllerID(of: frame, in: controllers), let standIn = next.next() else {
                continue
            }
            if let standIn { table[id] = standIn }
        }
        return table
    }()
    private lazy var framesShowing: Set<String> = {
        var ids = Set<String>(minimumCapacity: standIns.count)
        for frame in framePlan.frames {
            if let id = framePlan.controllerID(of: frame, in: controllers) { ids.insert(id) }
        }
        return ids
    }()
    private let hosts: [InsecurityHost]
    private let factories: CoordinatorFactories
    private(set) var retained: [AnyObject] = []

    init(
        controllers: RebuiltControllers, framePlan: FramePlan, standIns: [RestoredCoordinator?],
        hosts: [InsecurityHost], factories: CoordinatorFactories
    ) {
        self.controllers = controllers
        self.framePlan = framePlan
        self.standIns = standIns
        self.hosts = hosts
        self.factories = factories
    }

    /// The app's coordinator of type `typeName` made by the rebuilder's ``CoordinatorFactories`` for
    /// `rootViewController`, or nil when no factory is registered for that type (X9).
    public func makeCoordinator(typeName: String, rootViewController: UIViewController?) -> AnyObject? {
        factories.makeAdapted(typeName: typeName, rootViewController: rootViewController)
    }

    /// Whether a restored Insecurity frame (a stand-in or the app's own coordinator) shows the controller with this id.
    public func hasFrame(showing controllerID: String) -> Bool { framesShowing.contains(controllerID) }

    /// Every rebuilt host, in document order.
    public var rebuiltHosts: [InsecurityHost] { hosts }

    public func controller(withID id: String) -> UIViewController? { controllers.controller(withID: id) }

    /// The stand-in coordinator of the frame that shows the controller with this id (nil when the frame's
    /// coordinator was made by a factory).
    public func frameCoordinator(showing controllerID: String) -> RestoredCoordinator? {
        frameCoordinators[controllerID]
    }

    /// Keeps `object` alive as long as the rebuilt tree.
    public func retain(_ object: AnyObject) { retained.append(object) }
}

/// Rebuilds live objects from a ``BridgedTree`` (the reverse of ``BridgeReader``).
@MainActor
public struct BridgeRebuilder {
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

    /// What went wrong while rebuilding; nothing rebuilt so far is attached to any existing object.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// One reason the tree cannot be rebuilt, naming the part of the tree that fails.
        public enum Problem: Hashable, Sendable, CustomStringConvertible {
            /// What a factory made for the controller is not what the tree describes.
            case controllerMismatch(controllerID: String, reason: String)
            /// UIKit refused a relationship the tree describes (containment, presentation).
            case relationshipRefused(String)
            /// Building the tree would make UIKit raise this exception (S17).
            case uikitWouldRaise(name: String, reason: String)
            /// The host's base is missing or of the wrong kind, or one of its frames does not match the
            /// controllers' relationships.
            case hostMismatch(hostID: String, reason: String)
            /// A plugin could not rebuild its framework's coordinators: the coordinator it stopped at, and why.
            case pluginFailed(framework: String, coordinatorID: String, reason: String)
            /// No registered plugin rebuilds the coordinator's framework.
            case noPlugin(coordinatorID: String, framework: String)

            public var description: String {
                switch self {
                case .controllerMismatch(let id, let reason): "controller \"\(id)\": \(reason)"
                case .relationshipRefused(let message): "UIKit refused a relationship: \(message)"
                case .uikitWouldRaise(let name, let reason): "UIKit would raise \(name): \(reason)"
                case .hostMismatch(let id, let reason): "host \"\(id)\": \(reason)"
                case .pluginFailed(let framework, _, let reason): "\(framework): \(reason)"
                case .noPlugin(let id, let framework):
                    "coordinator \"\(id)\": no plugin is registered for \(framework)"
                }
            }
        }

        public let problems: [Problem]
        /// The problems, described for a person.
        public var messages: [String] { problems.map(\.description) }
        public var description: String { messages.joined(separator: "\n") }
    }

    /// Rebuilds `tree` in new windows. Existing windows and controllers are never touched, so a failure
    /// leaves the app as it was (X5). A document that would make UIKit raise (S17) fails with UIKit's reason.
    public func rebuild(_ tree: BridgedTree) throws(Failure) -> Live {
        try rebuild(tree, namesAdapterHosts: true)
    }

    /// Rebuilds `tree`, which names the navigation hosts adapters run (`namesAdapterHosts`: snapshot format 3
    /// and later, and every tree read from live objects), or does not (earlier formats): then the host an
    /// adapter ran on a navigation controller is found by the controllers its frames show. The rebuild lets go
    /// of parts of the tree as it goes: a caller that hands its only copy over keeps less memory. `resolved`:
    /// the tree's references, when a reader resolved them already.
    package func rebuild(
        _ tree: consuming BridgedTree, namesAdapterHosts: Bool, resolved: consuming ResolvedReferences? = nil
    ) throws(Failure) -> Live {
        var handedOver: BridgedTree? = consume tree
        var resolvedHandedOver = consume resolved
        var built: Result<(live: Live, attach: () -> Void), Failure> = .failure(Failure(problems: []))
        // The recorded relationships already exist: they are set up at once, whatever the timing model (S18).
        let exceptions = SimAnimation.withNonAnimatedTiming(.immediate) {
            SimExceptions.capture {
                built = Result { () throws(Failure) in
                    try TreeRebuild(
                        tree: handedOver.take()!, rebuilder: self, namesAdapterHosts: namesAdapterHosts,
                        resolved: resolvedHandedOver.take()
                    ).run()
                }
            }
        }
        guard exceptions.isEmpty else {
            throw Failure(problems: exceptions.map { .uikitWouldRaise(name: $0.name, reason: $0.reason) })
        }
        let (live, attach) = try built.get()
        attach()
        return live
    }

    /// What was waiting in the engine's queue when the snapshot was taken is queued again and runs from the
    /// run loop's next turn, as it would have once the transitions it waited for ended: the removals in
    /// their order, then the frames that were waiting to be shown. Until then the restored tree is exactly
    /// the snapshot's, queue included.
    static func resumeQueue(
        _ queued: [BridgedQueuedRemoval], controllers: RebuiltControllers, hosts: [InsecurityHost]
    ) {
        let removals: [QueuedRemoval] = queued.compactMap { removal in
            switch removal {
            case .dismissal(let id, let animated):
                return controllers.controller(withID: id).map { .dismissal(of: $0, animated: animated) }
            case .pop(let navigationID, let id, let animated):
                guard let navigation = controllers.controller(withID: navigationID) as? UINavigationController,
                    let controller = controllers.controller(withID: id)
                else { return nil }
                return .pop(navigation, to: controller, animated: animated)
            }
        }
        UIKitOperations.resumeRestored(removals, hosts: hosts)
    }

    /// UIKit's own classes for their names; otherwise a stand-in of the described container kind that
    /// keeps the type name.
    static func standIn(for described: BridgedController, kinds: [any BridgeContainerKind]) -> UIViewController? {
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
        case ("UIPageViewController", .page(let pageCurl, let vertical, _)):
            UIPageViewController(
                transitionStyle: pageCurl ? .pageCurl : .scroll,
                navigationOrientation: vertical ? .vertical : .horizontal)
        case (_, .navigation): RestoredNavigationController(typeName: described.type)
        case (_, .tabBar): RestoredTabBarController(typeName: described.type)
        case (_, .splitView): RestoredSplitViewController(typeName: described.type)
        case (_, .page(let pageCurl, let vertical, _)):
            RestoredPageViewController(
                typeName: described.type, transitionStyle: pageCurl ? .pageCurl : .scroll,
                navigationOrientation: vertical ? .vertical : .horizontal)
        case (_, .described(let name, _)):
            kinds.first { $0.name == name }?.makeStandIn(typeName: described.type)
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

/// Stands in for a page view controller type the importer has no factory for.
@MainActor
public final class RestoredPageViewController: UIPageViewController, BridgeTypeNamed {
    public let bridgedTypeName: String

    public init(
        typeName: String, transitionStyle: UIPageViewController.TransitionStyle,
        navigationOrientation: UIPageViewController.NavigationOrientation
    ) {
        bridgedTypeName = typeName
        super.init(transitionStyle: transitionStyle, navigationOrientation: navigationOrientation)
    }

    /// Stand-ins are made by the importer only.
    public required init?(coder: NSCoder) { return nil }
}
