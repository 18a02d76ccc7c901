import Insecurity
import SimUIKit

/// What every adapter of a coordinator framework implements to take part in the bridge.
/// The core knows nothing of any framework: a new one is added by registering a plugin.
@MainActor
public protocol BridgePlugin: AnyObject, Sendable {
    /// The framework's name, written into the tree (for example `ResponderCoordinator`).
    var framework: String { get }

    /// Describes the framework's live coordinators. `context` names controllers and gives each
    /// coordinator an id that is stable for a given screen.
    func describeCoordinators(in context: BridgeReadContext) -> [BridgedCoordinator]

    /// Recreates the described coordinators (this plugin's only) on the live objects of `context`,
    /// so that describing them again gives the same descriptions. The hosts and frames the adapter made
    /// come back recorded as its own (`InsecurityHost.framework`, ``RestoredCoordinator/framework``).
    func rebuildCoordinators(_ coordinators: [BridgedCoordinator], in context: BridgeRebuildContext)
        throws(BridgeRebuildError)

    /// The container kinds the framework brings besides UIKit's (a drawer, a card stack), which trees
    /// describe, snapshots record and imports rebuild.
    var containerKinds: [any BridgeContainerKind] { get }
}

extension BridgePlugin {
    /// Frameworks whose coordinators use only UIKit's containers bring none.
    public var containerKinds: [any BridgeContainerKind] { [] }
}

/// A kind of container controller that a plugin describes, beside UIKit's navigation, tab bar, split view
/// and page view controllers: how to recognise and record one, and how to make it again from a snapshot.
@MainActor
public protocol BridgeContainerKind {
    /// The kind's name in snapshots, qualified by the plugin's framework: `Framework.kind`.
    var name: String { get }

    /// The state `controller` shows, in a fixed order, when it is a container of this kind; nil otherwise.
    /// Its children are recorded as they are, in order.
    func state(of controller: UIViewController) -> [BridgedContainerState]?

    /// A container of this kind for a type without a factory, reporting `typeName` (see the engine's `BridgeTypeNamed`).
    func makeStandIn(typeName: String) -> UIViewController

    /// Gives `container`, made by a factory or ``makeStandIn(typeName:)``, its recorded `children` and
    /// `state`; returns why it cannot, or nil.
    func restore(_ container: UIViewController, children: [UIViewController], state: [BridgedContainerState])
        -> String?
}

/// The plugins taking part in a bridge.
@MainActor
public final class BridgeRegistry {
    public private(set) var plugins: [any BridgePlugin] = []

    public init(_ plugins: [any BridgePlugin] = []) {
        self.plugins = plugins
    }

    /// The container kinds every registered plugin brings.
    public var containerKinds: [any BridgeContainerKind] { plugins.flatMap(\.containerKinds) }

    /// Adds `plugin`, replacing a plugin of the same framework.
    public func register(_ plugin: any BridgePlugin) {
        plugins.removeAll { $0.framework == plugin.framework }
        plugins.append(plugin)
    }
}

/// Given to plugins while a tree is read: stable ids for controllers and coordinators.
@MainActor
public final class BridgeReadContext {
    private var controllerIDs: [ObjectIdentifier: String] = [:]
    /// The controller ids given so far, and how many of each generated name.
    private var numbering = BridgedIdentifiers.Numbering()
    private var coordinatorIDs: [ObjectIdentifier: String] = [:]
    private var coordinatorCount = 0

    /// The controllers named, in reading order, unretained: retaining each controller of a large tree costs more
    /// than naming it. ``held`` keeps them alive.
    private var named: [Unmanaged<UIViewController>] = []
    /// The lists the named controllers came in (a container's children, a window's root): retaining a list
    /// retains none of its controllers one by one.
    private var held: [[UIViewController]] = []

    /// The controllers in the tree, in reading order.
    public var controllers: [UIViewController] {
        // A loop, not `map`: from main-actor code each closure call checks the executor.
        var controllers: [UIViewController] = []
        controllers.reserveCapacity(named.count)
        for controller in named { controllers.append(controller.takeUnretainedValue()) }
        return controllers
    }
    /// For adapters: the live Insecurity hosts whose base is in the tree, in the tree's order.
    @_spi(Adapters) public internal(set) var hosts: [InsecurityHost] = []
    /// The registered plugins' container kinds, which the reader recognises besides UIKit's.
    let containerKinds: [any BridgeContainerKind]

    init(containerKinds: [any BridgeContainerKind]) {
        self.containerKinds = containerKinds
    }

    /// The id of a controller seen on screen, or nil if the controller is not part of the tree.
    public func id(of controller: UIViewController) -> String? {
        controllerIDs[ObjectIdentifier(controller)]
    }

    /// An id for a coordinator object: the same object always gets the same id within one read. The tree
    /// the reader returns renames them after what identifies each coordinator (X13,
    /// `BridgedTree.withStableCoordinatorIDs()`).
    public func id(ofCoordinator coordinator: AnyObject, framework: String) -> String {
        if let id = coordinatorIDs[ObjectIdentifier(coordinator)] { return id }
        coordinatorCount += 1
        let id = "\(framework).\(coordinatorCount)"
        coordinatorIDs[ObjectIdentifier(coordinator)] = id
        return id
    }

    /// Makes room for `count` more controllers, so that naming a long stack's controllers grows no table step by
    /// step.
    func reserveCapacity(forMore count: Int) {
        controllerIDs.reserveCapacity(controllerIDs.count + count)
        numbering.reserveCapacity(forMore: count)
        named.reserveCapacity(forMore: count)
    }

    /// Keeps `controllers` alive while the context lives, so that they can be named without being retained.
    func hold(_ controllers: [UIViewController]) {
        held.append(controllers)
    }

    /// Names a controller (X13): its `restorationIdentifier` when set and unused (without the white space an
    /// id cannot hold), else its place and type, `place/Type`, with `.2`, `.3`… for later controllers of the
    /// same type in the same place. The id depends on nothing read before it elsewhere in the tree, so a change
    /// in one part of the tree renames nothing in another.
    /// `controller` must be in a list given to ``hold(_:)``.
    func assignID(to controller: UIViewController, typeName: String, under place: String) -> String {
        if let id = id(of: controller) { return id }
        let id: String
        if let restoration = BridgedIdentifiers.token(ofRestorationIdentifier: controller.restorationIdentifier),
            numbering.taken.insert(restoration).inserted
        {
            id = restoration
        } else {
            id = numbering.name(BridgedIdentifiers.joined(place, BridgedIdentifiers.token(typeName)))
        }
        controllerIDs[ObjectIdentifier(controller)] = id
        named.append(Unmanaged.passUnretained(controller))
        return id
    }
}
