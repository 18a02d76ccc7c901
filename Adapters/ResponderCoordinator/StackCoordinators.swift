@_spi(Adapters) import Insecurity
@_spi(Adapters) @_spi(Testing) import SimUIKit

/// The legacy coordinators sharing one navigation controller, on its ``SharedNavigationStack`` (A2): the
/// stack reports what left it, and this turns that into `viewControllers` updates, `handlePopBack(to:)` and
/// `coordinatorDidFinish` (A3), innermost coordinator first. Retained by the coordinators that use it.
@MainActor
final class StackCoordinators {
    /// Where a navigation controller keeps its coordinators (weakly: they retain this).
    private static let key = AssociationKey<Weak<StackCoordinators>>()

    /// The coordinators of `navigationController`, shared by every legacy coordinator using it.
    static func of(_ navigationController: UINavigationController) -> StackCoordinators {
        if let existing = existing(of: navigationController) { return existing }
        let made = StackCoordinators(
            SharedNavigationStack.stack(for: navigationController, framework: ResponderCoordinatorPlugin.name))
        navigationController[associated: key] = Weak(made)
        return made
    }

    /// The live coordinators of `navigationController`, if legacy coordinators use it.
    static func existing(of navigationController: UINavigationController) -> StackCoordinators? {
        navigationController[associated: key]?.value
    }

    /// The stack every coordinator here plans against and changes.
    let stack: SharedNavigationStack
    private var coordinators: [Weak<NavigationCoordinator>] = []
    /// Coordinators that emptied their own `viewControllers` by popping, reported at the next reconcile.
    private var emptiedByOwnPop: [Weak<NavigationCoordinator>] = []

    private init(_ stack: SharedNavigationStack) {
        self.stack = stack
        stack.join(self) { [weak self] in self?.reconcile($0) }
    }

    func attach(_ coordinator: NavigationCoordinator) {
        coordinators.removeAll { $0.value == nil || $0.value === coordinator }
        coordinators.append(Weak(coordinator))
    }

    func detach(_ coordinator: NavigationCoordinator) {
        coordinators.removeAll { $0.value == nil || $0.value === coordinator }
    }

    /// Pushes `controller` as a frame named after the coordinator that shows it.
    func push(_ controller: UIViewController, animated: Bool) {
        stack.push(controller, typeName: frameOwnerTypeName(of: controller), animated: animated)
    }

    /// Replaces the whole stack, each controller's frame named after the coordinator that shows it.
    func replaceStack(with controllers: [UIViewController]) {
        stack.replaceStack(with: controllers, typeNames: controllers.map(frameOwnerTypeName(of:)))
    }

    // MARK: Reconciling

    /// Tells `coordinator`'s parent, on the next turn, that it popped its last controller (A3).
    func reportEmptied(_ coordinator: NavigationCoordinator) {
        emptiedByOwnPop.append(Weak(coordinator))
        stack.requestReconciliation()
    }

    private func reconcile(_ reconciliation: SharedNavigationStack.Reconciliation) {
        let gone = reconciliation.gone
        var emptied = emptiedByOwnPop.compactMap(\.value).filter { $0.viewControllers.isEmpty && $0.isStarted }
        emptiedByOwnPop.removeAll()
        for coordinator in coordinators.compactMap(\.value) {
            let hadControllers = !coordinator.viewControllers.isEmpty
            coordinator.removeShown(gone)
            if hadControllers, coordinator.viewControllers.isEmpty, coordinator.isStarted {
                emptied.append(coordinator)
            }
        }
        // Innermost first: a parent hears of its child before its own parent stops it (A3).
        emptied.sort { $0.depth > $1.depth }
        if let top = reconciliation.poppedBackTo, let owner = top.parentCoordinator as? NavigationCoordinator,
            owner.stackCoordinators === self
        {
            owner.handlePopBack(to: top)
        }
        for coordinator in emptied where coordinator.isStarted {
            coordinator.parent?.coordinatorDidFinish(coordinator) {}
        }
    }

    // MARK: Invariants

    /// Every started coordinator's `viewControllers` are its controllers on the stack, in stack order, apart
    /// from controllers a stack replacement handed over; every controller on the stack belongs to one
    /// coordinator's list. Checked once the run loop is idle and nothing animates, on a stack in a window.
    func screenViolations() -> [String] {
        guard let navigationController = stack.navigationController, navigationController.viewIfLoaded?.window != nil
        else { return [] }
        var problems: [String] = []
        let onStack = navigationController.viewControllers
        let position = Dictionary(
            onStack.enumerated().map { (ObjectIdentifier($1), $0) }, uniquingKeysWith: { a, _ in a })
        var listed: [ObjectIdentifier: Int] = [:]
        for coordinator in coordinators.compactMap(\.value) where coordinator.isStarted {
            let positions = coordinator.viewControllers.compactMap { position[ObjectIdentifier($0)] }
            if positions != positions.sorted() {
                problems.append("\(coordinator.identifier)'s viewControllers are not in stack order")
            }
            for controller in coordinator.viewControllers {
                let id = ObjectIdentifier(controller)
                listed[id, default: 0] += 1
                if position[id] == nil, !stack.handedOver(controller) {
                    problems.append(
                        "\(coordinator.identifier) lists \(controller.simDescription), which is not on the stack")
                }
            }
        }
        for controller in onStack {
            let count = listed[ObjectIdentifier(controller)] ?? 0
            // A controller nobody lists is the app's own, or left by a coordinator that stopped on it.
            let owner = controller.parentCoordinator as? NavigationCoordinator
            if count > 1 || (count == 0 && owner?.isStarted == true && owner?.stackCoordinators === self) {
                problems.append("\(controller.simDescription) is on the stack and in \(count) coordinators' lists")
            }
        }
        return problems
    }

    /// The violations of every navigation controller in `windows` that legacy coordinators share (see
    /// ``screenViolations()``): their roots, contained children and presented chains.
    static func screenViolations(in windows: [UIWindow]) -> [String] {
        windows.flatMap(\.controllerHierarchy).flatMap { controller -> [String] in
            guard let navigation = controller as? UINavigationController, let coordinators = existing(of: navigation)
            else { return [] }
            return coordinators.screenViolations()
        }
    }
}

/// The adapter's invariants, for test harnesses that check them after every step.
@_spi(Testing)
@MainActor
public struct ResponderCoordinatorInvariants: InvariantChecker {
    public init() {}

    /// Broken invariants of every navigation controller in `windows` that legacy coordinators share, once
    /// settled: each started coordinator's `viewControllers` are its controllers on the stack (apart from
    /// those `root` or `takeover` handed over), and each controller on the stack is listed by exactly one
    /// coordinator.
    public func violations(windows: [UIWindow], settled: Bool) -> [String] {
        settled ? StackCoordinators.screenViolations(in: windows) : []
    }
}
