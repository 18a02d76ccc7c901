import CoordinatorBridge
@_spi(Adapters) import Insecurity
@_spi(Adapters) import SimUIKit

/// The bridge plugin of the ResponderCoordinator adapter: describes every started coordinator
/// (type, identifier, parent, children, owned controllers) in the bridged tree (A7). It keeps no state: it
/// finds the coordinators through the controllers on screen.
@MainActor
public final class ResponderCoordinatorPlugin: BridgePlugin {
    /// The adapter's plugin.
    public static let shared = ResponderCoordinatorPlugin()

    public let framework = ResponderCoordinatorPlugin.name
    /// The framework's name, recorded on the hosts the adapter makes.
    static let name = "ResponderCoordinator"

    private init() {}

    /// The started coordinators whose root or owned controllers `windows` show, and their ancestors;
    /// parents come before their children.
    public func coordinators(in windows: [UIWindow]) -> [Coordinating] {
        let controllers = windows.flatMap(\.controllerHierarchy)
        let shown = Set(controllers.map(ObjectIdentifier.init))
        return Self.startedCoordinators(showing: controllers) { shown.contains(ObjectIdentifier($0)) }
    }

    /// Describes the started coordinators whose root or owned controllers are in the tree, and their
    /// ancestors, parents first.
    public func describeCoordinators(in context: BridgeReadContext) -> [BridgedCoordinator] {
        let live = Self.startedCoordinators(showing: context.controllers) { context.id(of: $0) != nil }
        let included = Set(live.map(ObjectIdentifier.init))
        return live.map { coordinator in
            let parentID = coordinator.parent.flatMap { parent in
                included.contains(ObjectIdentifier(parent))
                    ? context.id(ofCoordinator: parent, framework: framework) : nil
            }
            let children = coordinator.childCoordinators.sorted { $0.key < $1.key }.map(\.value)
            return BridgedCoordinator(
                id: context.id(ofCoordinator: coordinator, framework: framework),
                framework: framework,
                type: bridgedTypeName(of: coordinator),
                identifier: coordinator.identifier,
                rootID: coordinator.rootController.flatMap { context.id(of: $0) },
                parentID: parentID,
                childIDs: children.filter { included.contains(ObjectIdentifier($0)) }.map {
                    context.id(ofCoordinator: $0, framework: framework)
                },
                controllerIDs: coordinator.ownedControllers.compactMap { context.id(of: $0) }
            )
        }
    }

    /// The started coordinators rooted at, or owning, one of `controllers` that `isShown`, in the order of
    /// `controllers`, each preceded by its started ancestors.
    private static func startedCoordinators(
        showing controllers: [UIViewController], isShown: (UIViewController) -> Bool
    ) -> [any DescribedCoordinator] {
        var ordered: [any DescribedCoordinator] = []
        var included = Set<ObjectIdentifier>()
        for controller in controllers {
            let owner = controller.parentCoordinator as? any DescribedCoordinator
            for coordinator in controller.startedCoordinators + [owner].compactMap({ $0 })
            where coordinator.isStarted && !included.contains(ObjectIdentifier(coordinator)) {
                let shows = ([coordinator.rootController].compactMap { $0 } + coordinator.ownedControllers)
                    .contains(where: isShown)
                guard shows else { continue }
                var chain: [any DescribedCoordinator] = []
                var current: (any DescribedCoordinator)? = coordinator
                while let node = current, node.isStarted, included.insert(ObjectIdentifier(node)).inserted {
                    chain.append(node)
                    current = node.parent as? any DescribedCoordinator
                }
                ordered += chain.reversed()
            }
        }
        return ordered
    }
}

/// Where a controller keeps the started coordinators whose root it is, in start order.
private let startedCoordinatorsKey = AssociationKey<[Weak<AnyObject>]>()

extension UIViewController {
    /// The started coordinators whose root this controller is, in start order.
    fileprivate var startedCoordinators: [any DescribedCoordinator] {
        (self[associated: startedCoordinatorsKey] ?? []).compactMap { $0.value as? any DescribedCoordinator }
    }

    /// Records that `coordinator`, rooted here, started (or, with `started` false, stopped).
    func recordCoordinator(_ coordinator: any DescribedCoordinator, started: Bool) {
        var entries = self[associated: startedCoordinatorsKey] ?? []
        entries.removeAll { $0.value == nil || $0.value === coordinator }
        if started { entries.append(Weak(coordinator)) }
        self[associated: startedCoordinatorsKey] = entries.isEmpty ? nil : entries
    }
}

extension ResponderCoordinatorPlugin {
    /// Recreates the described coordinators with their parents, children and owned controllers, started
    /// in the described order, on the rebuilt hosts and frames (so pops made after the import are handled
    /// as before it). A type with a factory in the rebuilder's `coordinatorFactories` comes back as the app's
    /// own class (X9), given its recorded root controller (X12); other types come back as stand-ins that
    /// report the original type.
    public func rebuildCoordinators(_ coordinators: [BridgedCoordinator], in context: BridgeRebuildContext)
        throws(BridgeRebuildError)
    {
        var made: [String: any DescribedCoordinator] = [:]
        for described in coordinators {
            made[described.id] = try rebuildCoordinator(described, in: context)
        }
        for described in coordinators {
            guard let parentID = described.parentID else {
                context.retain(made[described.id]!)
                continue
            }
            guard let parent = made[parentID] else {
                throw BridgeRebuildError(
                    coordinatorID: described.id,
                    message: "its parent \"\(parentID)\" is not a ResponderCoordinator coordinator")
            }
            // A parent keys its children by identifier: a second child under one key would replace the first.
            guard parent.childCoordinators[described.identifier] == nil else {
                throw BridgeRebuildError(
                    coordinatorID: described.id,
                    message:
                        "its parent \"\(parentID)\" already has a child with identifier \"\(described.identifier)\" (children are keyed by identifier)"
                )
            }
            parent.adoptChild(made[described.id]!)
        }
        for described in coordinators {
            made[described.id]!.markStarted()
        }
    }

    /// One described coordinator, made by the app's factory or as a stand-in, with its owned controllers and,
    /// for a navigation coordinator, the shared stack of its navigation controller adopting the rebuilt host.
    private func rebuildCoordinator(_ described: BridgedCoordinator, in context: BridgeRebuildContext)
        throws(BridgeRebuildError) -> any DescribedCoordinator
    {
        let owned = described.controllerIDs.compactMap { context.controller(withID: $0) }
        guard owned.count == described.controllerIDs.count else {
            throw BridgeRebuildError(
                coordinatorID: described.id, message: "it owns a controller that was not rebuilt")
        }
        let root = described.rootID.flatMap { context.controller(withID: $0) }
        guard root != nil || described.rootID == nil else {
            throw BridgeRebuildError(
                coordinatorID: described.id, message: "its root controller was not rebuilt")
        }
        let navigation = root as? UINavigationController
        let coordinator: any DescribedCoordinator
        if let product = context.makeCoordinator(typeName: described.type, rootViewController: root) {
            guard let own = product as? any DescribedCoordinator, own.rootController === root else {
                throw BridgeRebuildError(
                    coordinatorID: described.id,
                    message:
                        "the factory for \(described.type) made \(type(of: product)), not a coordinator of its root controller"
                )
            }
            // The app's factory makes the type; the snapshot says which instance it is.
            own.identifier = described.identifier
            coordinator = own
        } else if let navigation {
            coordinator = RestoredNavigationCoordinator(
                typeName: described.type, identifier: described.identifier, rootViewController: navigation)
        } else {
            coordinator = RestoredResponderCoordinator(
                typeName: described.type, identifier: described.identifier, rootViewController: root)
        }
        if coordinator is NavigationCoordinator, navigation == nil {
            throw BridgeRebuildError(
                coordinatorID: described.id,
                message: "it is a navigation coordinator, and its recorded root is not a navigation controller")
        }
        // What the coordinator owns is its stack's screens (a navigation coordinator) or its root (any other).
        let ownsWhatItCan =
            coordinator is NavigationCoordinator
            ? !owned.contains { $0 === navigation } : owned.elementsEqual(root.map { [$0] } ?? [], by: ===)
        guard ownsWhatItCan else {
            throw BridgeRebuildError(
                coordinatorID: described.id,
                message: coordinator is NavigationCoordinator
                    ? "a navigation coordinator cannot own its own navigation controller"
                    : "a coordinator that is not a navigation coordinator owns its root controller and nothing else")
        }
        // The rebuild has given the navigation controller's shared stack its restored host already.
        (coordinator as? NavigationCoordinator)?.viewControllers = owned
        for controller in owned { controller.parentCoordinator = coordinator }
        return coordinator
    }
}

/// A coordinator the plugin can describe.
@MainActor
protocol DescribedCoordinator: Coordinating {
    var identifier: String { get set }
    var rootController: UIViewController? { get }
    var ownedControllers: [UIViewController] { get }
    func adoptChild(_ child: Coordinating)
    func markStarted()
}

/// Stands in for a restored navigation coordinator of a type the importer cannot create.
@MainActor
final class RestoredNavigationCoordinator: NavigationCoordinator, BridgeTypeNamed {
    let bridgedTypeName: String

    init(typeName: String, identifier: String, rootViewController: UINavigationController) {
        bridgedTypeName = typeName
        super.init(rootViewController: rootViewController)
        self.identifier = identifier
    }
}

/// Stands in for a restored coordinator of a type the importer cannot create.
@MainActor
final class RestoredResponderCoordinator: Coordinator<UIViewController>, BridgeTypeNamed {
    let bridgedTypeName: String

    init(typeName: String, identifier: String, rootViewController: UIViewController?) {
        bridgedTypeName = typeName
        super.init(rootViewController: rootViewController)
        self.identifier = identifier
    }
}

extension Coordinator: DescribedCoordinator {}
