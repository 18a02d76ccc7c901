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
}

/// The plugins taking part in a bridge.
@MainActor
public final class BridgeRegistry {
    public private(set) var plugins: [any BridgePlugin] = []

    public init(_ plugins: [any BridgePlugin] = []) {
        self.plugins = plugins
    }

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
    private var usedIDs: Set<String> = []
    private var coordinatorIDs: [ObjectIdentifier: String] = [:]
    private var coordinatorCount = 0

    /// The controllers in the tree, in reading order.
    public private(set) var controllers: [UIViewController] = []
    /// For adapters: the live Insecurity hosts whose base is in the tree, in the tree's order.
    @_spi(Adapters) public internal(set) var hosts: [InsecurityHost] = []

    init() {}

    /// The id of a controller seen on screen, or nil if the controller is not part of the tree.
    public func id(of controller: UIViewController) -> String? {
        controllerIDs[ObjectIdentifier(controller)]
    }

    /// A stable id for a coordinator object: the same object always gets the same id within one read.
    public func id(ofCoordinator coordinator: AnyObject, framework: String) -> String {
        if let id = coordinatorIDs[ObjectIdentifier(coordinator)] { return id }
        coordinatorCount += 1
        let id = "\(framework).\(coordinatorCount)"
        coordinatorIDs[ObjectIdentifier(coordinator)] = id
        return id
    }

    /// Names a controller: its `restorationIdentifier` when set and unused, else `vc<N>` in reading order.
    func assignID(to controller: UIViewController) -> String {
        if let id = id(of: controller) { return id }
        var id = controller.restorationIdentifier.flatMap { usedIDs.contains($0) ? nil : $0 } ?? ""
        var counter = controllerIDs.count + 1
        while id.isEmpty || usedIDs.contains(id) {
            id = "vc\(counter)"
            counter += 1
        }
        usedIDs.insert(id)
        controllerIDs[ObjectIdentifier(controller)] = id
        controllers.append(controller)
        return id
    }
}
