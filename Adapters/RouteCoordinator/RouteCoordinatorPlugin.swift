import CoordinatorBridge
@_spi(Adapters) import Insecurity
@_spi(Adapters) import SimUIKit

/// The bridge plugin of the RouteCoordinator adapter: describes every live coordinator whose root or
/// screens are in the tree (type, root, parent, children, the screens it pushed and presented), and
/// rebuilds them from snapshots, the app's own classes through factories (X9). It keeps no state: it finds
/// the coordinators through their root controllers.
///
/// A coordinator whose initialiser triggers its first route does not trigger it again when a factory
/// makes it during an import: the restored screens show that route already. A factory may call an
/// initialiser that makes the coordinator's own root (`AppCoordinator()`): the coordinator then runs on the
/// rebuilt root, and the root its initialiser made is dropped.
@preconcurrency @MainActor
public final class RouteCoordinatorPlugin: BridgePlugin {
    public let framework = RouteScreens.framework

    public init() {}

    public func describeCoordinators(in context: BridgeReadContext) -> [BridgedCoordinator] {
        var ordered: [any ScreenOwner] = []
        var seen = Set<ObjectIdentifier>()
        func include(_ coordinator: any ScreenOwner) {
            var chain: [any ScreenOwner] = []
            var current: (any ScreenOwner)? = coordinator
            while let node = current, seen.insert(ObjectIdentifier(node)).inserted {
                chain.append(node)
                current = node.parentOwner
            }
            ordered += chain.reversed()
        }
        for controller in context.controllers {
            for coordinator in controller.routeCoordinators { include(coordinator) }
        }
        return ordered.map { coordinator in
            BridgedCoordinator(
                id: context.id(ofCoordinator: coordinator, framework: framework), framework: framework,
                type: coordinator.frameTypeName, identifier: coordinator.frameTypeName,
                rootID: coordinator.viewController.flatMap { context.id(of: $0) },
                parentID: coordinator.parentOwner.map { context.id(ofCoordinator: $0, framework: framework) },
                childIDs: coordinator.childOwners.filter { seen.contains(ObjectIdentifier($0)) }.map {
                    context.id(ofCoordinator: $0, framework: framework)
                },
                controllerIDs: coordinator.ownScreens.compactMap { context.id(of: $0) })
        }
    }

    /// Recreates the described coordinators on their restored roots, with their children and the screens
    /// they showed: pushed screens join the navigation controller's shared stack, presented ones keep their
    /// frames. A type with a factory comes back as the app's own class, made without its first route; other
    /// types come back as stand-ins that report the original type.
    public func rebuildCoordinators(_ coordinators: [BridgedCoordinator], in context: BridgeRebuildContext)
        throws(BridgeRebuildError)
    {
        var made: [String: any ScreenOwner] = [:]
        for described in coordinators {
            made[described.id] = try RouteRestoration.restoring { () throws(BridgeRebuildError) in
                try rebuild(described, in: context)
            }
        }
        // Children are added in their parent's recorded order, so that the tree reads the same again.
        for described in coordinators {
            let parent = made[described.id]!
            for childID in described.childIDs {
                guard let child = made[childID],
                    coordinators.first(where: { $0.id == childID })?.parentID == described.id
                else {
                    throw BridgeRebuildError(
                        coordinatorID: described.id, message: "its child \"\(childID)\" does not name it as its parent")
                }
                parent.restoreChild(child as! Presentable)
            }
        }
        for described in coordinators {
            guard let parentID = described.parentID else {
                context.retain(made[described.id]!)
                continue
            }
            guard let parent = coordinators.first(where: { $0.id == parentID }), parent.childIDs.contains(described.id)
            else {
                throw BridgeRebuildError(
                    coordinatorID: described.id,
                    message: "its parent \"\(parentID)\" is not a route coordinator that lists it as a child")
            }
        }
        // A snapshot taken while a screen was leaving (a sheet the user just swiped away) restores its
        // coordinator as a child: once the restored tree has settled, children that show nothing leave.
        for coordinator in made.values { coordinator.screensLeft() }
    }

    private func rebuild(_ described: BridgedCoordinator, in context: BridgeRebuildContext)
        throws(BridgeRebuildError) -> any ScreenOwner
    {
        guard let root = described.rootID.flatMap(context.controller(withID:)) else {
            throw BridgeRebuildError(coordinatorID: described.id, message: "its root controller was not rebuilt")
        }
        let coordinator: any ScreenOwner
        if let product = context.makeCoordinator(typeName: described.type, rootViewController: root) {
            // A coordinator whose initialiser makes its own root (`init()`) takes the rebuilt one.
            if let own = product as? any ScreenOwner, own.viewController !== root, own.ownScreens.isEmpty,
                own.childOwners.isEmpty
            {
                _ = own.adoptRestoredRoot(root)
            }
            guard let own = product as? any ScreenOwner, own.viewController === root else {
                throw BridgeRebuildError(
                    coordinatorID: described.id,
                    message:
                        "the factory for \(described.type) made \(type(of: product)), not a route coordinator of its root"
                )
            }
            coordinator = own
        } else {
            coordinator = RestoredRouteCoordinator(typeName: described.type, rootViewController: root)
        }
        (coordinator as? RestoredPagesAdopting)?.adoptRestoredPages()
        for id in described.controllerIDs {
            guard let controller = context.controller(withID: id) else {
                throw BridgeRebuildError(coordinatorID: described.id, message: "its screen \"\(id)\" was not rebuilt")
            }
            if let navigation = controller.parent as? UINavigationController {
                // The rebuild has given the navigation controller's shared stack its restored host already.
                let stack = SharedNavigationStack.stack(for: navigation, framework: framework)
                coordinator.restoreScreen(controller, on: stack, frame: nil)
            } else if let frame = context.frameCoordinator(showing: id) {
                coordinator.restoreScreen(controller, on: nil, frame: frame)
            } else {
                throw BridgeRebuildError(
                    coordinatorID: described.id,
                    message: "its screen \"\(id)\" is neither pushed nor shown by a restored frame")
            }
        }
        return coordinator
    }
}

/// A route nobody triggers: the routes of a restored stand-in.
public enum RestoredRoute: Route {}

/// Stands in for a restored route coordinator of a type the importer cannot create: it keeps its screens
/// and children, so they leave as they would have, and reports the original type.
@preconcurrency @MainActor
public final class RestoredRouteCoordinator: BaseCoordinator<RestoredRoute, ViewTransition>, BridgeTypeNamed {
    public let bridgedTypeName: String

    init(typeName: String, rootViewController: UIViewController) {
        bridgedTypeName = typeName
        super.init(rootViewController: rootViewController, initialRoute: nil)
    }

    public override func prepareTransition(for route: RestoredRoute) -> ViewTransition {}
}
