@_spi(Adapters) import CoordinatorBridge
@_spi(Adapters) import Insecurity
import SimUIKit

/// The bridge plugin of the InsecurityClassic adapter: describes every live ``InsecurityChild`` shown in
/// the tree, with the child below it in its host's chain as its parent (A7).
@MainActor
public final class InsecurityClassicPlugin: BridgePlugin {
    public let framework = "InsecurityClassic"

    public init() {}

    public func describeCoordinators(in context: BridgeReadContext) -> [BridgedCoordinator] {
        var described: [BridgedCoordinator] = []
        for host in context.hosts {
            var parentID: String?
            for frame in host.frameDescriptions {
                guard let child = frame.coordinator,
                    child is any ClassicChild || (child as? RestoredCoordinator)?.framework == framework,
                    let controllerID = frame.controller.flatMap({ context.id(of: $0) })
                else {
                    parentID = nil
                    continue
                }
                let id = context.id(ofCoordinator: child, framework: framework)
                if let parentID, let index = described.lastIndex(where: { $0.id == parentID }) {
                    described[index].childIDs.append(id)
                }
                described.append(
                    BridgedCoordinator(
                        id: id, framework: framework, type: frame.coordinatorType, identifier: frame.coordinatorType,
                        parentID: parentID, childIDs: [], controllerIDs: [controllerID]
                    )
                )
                parentID = id
            }
        }
        return described
    }

    /// The described children are Insecurity frames the importer restored: claim their stand-ins (an
    /// `InsecurityChild` made by a factory is recognised by its class).
    public func rebuildCoordinators(_ coordinators: [BridgedCoordinator], in context: BridgeRebuildContext)
        throws(BridgeRebuildError)
    {
        for coordinator in coordinators {
            guard coordinator.controllerIDs.count == 1, let controllerID = coordinator.controllerIDs.first,
                context.hasFrame(showing: controllerID)
            else {
                throw BridgeRebuildError(
                    coordinatorID: coordinator.id,
                    message: "an InsecurityChild must show exactly one controller, that of an Insecurity frame")
            }
            context.frameCoordinator(showing: controllerID)?.framework = framework
        }
    }
}

/// Lets the plugin recognise an ``InsecurityChild`` whatever its result type.
@MainActor
protocol ClassicChild: AnyObject {}

extension InsecurityChild: ClassicChild {}
