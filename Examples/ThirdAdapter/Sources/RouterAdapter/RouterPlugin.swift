@_spi(Adapters) import CoordinatorBridge
@_spi(Adapters) import Insecurity
import SimUIKit

/// The bridge plugin of the router framework: each router is one coordinator whose root is its navigation
/// controller and which owns the controllers it pushed and presented.
@MainActor
public final class RouterPlugin: BridgePlugin {
    public let framework = Router.framework

    public init() {}

    public func describeCoordinators(in context: BridgeReadContext) -> [BridgedCoordinator] {
        context.controllers.compactMap { controller in
            guard let navigation = controller as? UINavigationController, let router = Router.router(of: navigation),
                let rootID = context.id(of: navigation)
            else { return nil }
            let frames = context.hosts.flatMap(\.frameDescriptions)
            let presented = router.presented.flatMap { coordinator in
                frames.first { $0.coordinator === coordinator }?.controller
            }
            let controllerIDs = (router.pushed + [presented].compactMap { $0 }).compactMap { context.id(of: $0) }
            return BridgedCoordinator(
                id: context.id(ofCoordinator: router, framework: framework), framework: framework, type: "Router",
                identifier: "Router", rootID: rootID, parentID: nil, childIDs: [], controllerIDs: controllerIDs)
        }
    }

    public func rebuildCoordinators(_ coordinators: [BridgedCoordinator], in context: BridgeRebuildContext)
        throws(BridgeRebuildError)
    {
        for described in coordinators {
            guard let navigation = described.rootID.flatMap(context.controller(withID:)) as? UINavigationController
            else {
                throw BridgeRebuildError(
                    coordinatorID: described.id, message: "its root is not a navigation controller")
            }
            // The rebuild has given the navigation controller's shared stack its restored host already.
            let router = Router(navigation: navigation)
            var pushed: [UIViewController] = []
            var presented: InsecurityCoordinator<Void>?
            for id in described.controllerIDs {
                guard let frame = context.frameCoordinator(showing: id), let controller = context.controller(withID: id)
                else { throw BridgeRebuildError(coordinatorID: described.id, message: "\(id) has no restored frame") }
                if controller.parent === navigation { pushed.append(controller) } else { presented = frame }
            }
            router.restore(pushed: pushed, presented: presented)
            context.retain(router)
        }
    }
}
