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
                guard isClassic(frame.coordinator), let child = frame.coordinator,
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
    /// `InsecurityChild` made by a factory is recognised by its class). The description must be the one
    /// ``describeCoordinators(in:)`` gives of the rebuilt frames, or the import would not give the snapshot
    /// back (X3): each child shows one frame's controller, its type is the frame's, its root is the navigation
    /// controller holding that controller (else the controller), and its parent is the child of the frame
    /// right below in the same host.
    public func rebuildCoordinators(_ coordinators: [BridgedCoordinator], in context: BridgeRebuildContext)
        throws(BridgeRebuildError)
    {
        var controllers: [String: UIViewController] = [:]
        for coordinator in coordinators {
            guard coordinator.controllerIDs.count == 1, let controllerID = coordinator.controllerIDs.first,
                context.hasFrame(showing: controllerID), let controller = context.controller(withID: controllerID)
            else {
                throw BridgeRebuildError(
                    coordinatorID: coordinator.id,
                    message: "an InsecurityChild must show exactly one controller, that of an Insecurity frame")
            }
            controllers[coordinator.id] = controller
        }
        let chains = rebuiltChains(in: context)
        guard chains.count == coordinators.count else {
            throw BridgeRebuildError(
                coordinatorID: coordinators.first?.id ?? framework,
                message:
                    "\(chains.count) frames show InsecurityChild coordinators, but \(coordinators.count) are described")
        }
        for coordinator in coordinators {
            let controller = controllers[coordinator.id]!
            guard let frame = chains[ObjectIdentifier(controller)] else {
                throw BridgeRebuildError(
                    coordinatorID: coordinator.id, message: "its frame is not an InsecurityChild's")
            }
            let problem: String? =
                if coordinator.type != frame.type {
                    "it is described as \(coordinator.type), but its frame's coordinator is \(frame.type)"
                } else if coordinator.identifier != coordinator.type {
                    "its identifier is \(coordinator.identifier), but an InsecurityChild is identified by its type"
                } else if coordinator.rootID.flatMap(context.controller(withID:))
                    !== (controller.navigationController ?? controller)
                {
                    "its root is not the navigation controller holding its controller, nor that controller"
                } else if coordinator.parentID.flatMap({ controllers[$0] }) !== frame.below
                    || coordinator.parentID.map({ controllers[$0] == nil }) == true
                {
                    "its parent is not the InsecurityChild of the frame right below its own"
                } else {
                    nil
                }
            if let problem { throw BridgeRebuildError(coordinatorID: coordinator.id, message: problem) }
        }
    }

    /// The rebuilt frames of InsecurityChild coordinators, by controller: the frame's coordinator type, and the
    /// controller of the InsecurityChild frame right below it in its host, if any.
    private func rebuiltChains(in context: BridgeRebuildContext)
        -> [ObjectIdentifier: (type: String, below: UIViewController?)]
    {
        var chains: [ObjectIdentifier: (type: String, below: UIViewController?)] = [:]
        for host in context.rebuiltHosts {
            var below: UIViewController?
            for frame in host.frameDescriptions {
                guard isClassic(frame.coordinator), let controller = frame.controller else {
                    below = nil
                    continue
                }
                chains[ObjectIdentifier(controller)] = (frame.coordinatorType, below)
                below = controller
            }
        }
        return chains
    }

    /// Whether a frame's coordinator is an InsecurityChild, or a stand-in for one.
    private func isClassic(_ coordinator: AnyObject?) -> Bool {
        coordinator is any ClassicChild || (coordinator as? RestoredCoordinator)?.framework == framework
    }
}

/// Lets the plugin recognise an ``InsecurityChild`` whatever its result type.
@MainActor
protocol ClassicChild: AnyObject {}

extension InsecurityChild: ClassicChild {}
