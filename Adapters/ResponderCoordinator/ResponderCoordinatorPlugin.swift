import CoordinatorBridge
import SimUIKit

/// The bridge plugin of the ResponderCoordinator adapter: describes every started coordinator
/// (type, identifier, parent, children, owned controllers) in the bridged tree (A7).
@MainActor
public final class ResponderCoordinatorPlugin: BridgePlugin {
    /// The plugin that the adapter's coordinators report to.
    public static let shared = ResponderCoordinatorPlugin()

    public let framework = "ResponderCoordinator"
    private var started: [Weak<AnyObject>] = []

    private init() {}

    func coordinatorStarted(_ coordinator: any DescribedCoordinator) {
        started.removeAll { $0.value == nil || $0.value === coordinator }
        started.append(Weak(coordinator))
    }

    func coordinatorStopped(_ coordinator: any DescribedCoordinator) {
        started.removeAll { $0.value == nil || $0.value === coordinator }
    }

    /// The started coordinators, in start order.
    public var liveCoordinators: [Coordinating] {
        started.compactMap { $0.value as? Coordinating }
    }

    public func describeCoordinators(in context: BridgeReadContext) -> [BridgedCoordinator] {
        let live = started.compactMap { $0.value as? any DescribedCoordinator }
        let liveIDs = Set(live.map { ObjectIdentifier($0) })
        return live.map { coordinator in
            let parentID = coordinator.parent.flatMap { parent in
                liveIDs.contains(ObjectIdentifier(parent)) ? context.id(ofCoordinator: parent, framework: framework) : nil
            }
            let children = coordinator.childCoordinators.sorted { $0.key < $1.key }.map(\.value)
            return BridgedCoordinator(
                id: context.id(ofCoordinator: coordinator, framework: framework),
                framework: framework,
                type: String(describing: type(of: coordinator)),
                identifier: coordinator.identifier,
                parentID: parentID,
                childIDs: children.filter { liveIDs.contains(ObjectIdentifier($0)) }.map { context.id(ofCoordinator: $0, framework: framework) },
                controllerIDs: coordinator.ownedControllers.compactMap { context.id(of: $0) }
            )
        }
    }
}

/// A coordinator the plugin can describe.
@MainActor
protocol DescribedCoordinator: Coordinating {
    var ownedControllers: [UIViewController] { get }
}

extension Coordinator: DescribedCoordinator {}
