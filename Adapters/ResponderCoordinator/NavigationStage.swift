@_spi(Adapters) import Insecurity
@_spi(Adapters) import SimUIKit

/// Everything the legacy coordinators sharing one navigation controller have in common: one Insecurity
/// host (A2), the frame behind each controller they pushed, and the bookkeeping (a ``StageState``) that turns
/// removals made by the user or by app code into `viewControllers` updates, `handlePopBack(to:)` and
/// `coordinatorDidFinish` (A3). The stage applies the actions its state returns. Retained by the coordinators
/// that use it.
@MainActor
final class NavigationStage {
    /// Where a navigation controller keeps its stage (weakly: the coordinators using it retain it).
    private static let stageKey = AssociationKey<Weak<NavigationStage>>()

    /// The stage of `navigationController`, shared by every legacy coordinator using it.
    static func stage(for navigationController: UINavigationController) -> NavigationStage {
        if let stage = existingStage(of: navigationController) { return stage }
        let stage = NavigationStage(navigationController)
        navigationController[associated: stageKey] = Weak(stage)
        return stage
    }

    /// The live stage of `navigationController`, if legacy coordinators use it.
    static func existingStage(of navigationController: UINavigationController) -> NavigationStage? {
        navigationController[associated: stageKey]?.value
    }

    private(set) weak var navigationController: UINavigationController?
    private var host: InsecurityHost?
    private var coordinators: [Weak<NavigationCoordinator>] = []
    /// A frame behind a controller, with the observation that reports its end.
    struct TrackedFrame {
        let coordinator: InsecurityCoordinator<Void>
        let observation: AnyObject
    }
    private var state = StageState<UIViewController, TrackedFrame>()
    /// Reports the stack's completed changes while a queued pop from a snapshot is awaited.
    private var stackObservation: AnyObject?
    /// Coordinators that emptied their own `viewControllers` by popping, reported at the next reconcile.
    private var emptiedByOwnPop: [Weak<NavigationCoordinator>] = []

    private init(_ navigationController: UINavigationController) {
        self.navigationController = navigationController
    }

    func attach(_ coordinator: NavigationCoordinator) {
        coordinators.removeAll { $0.value == nil || $0.value === coordinator }
        coordinators.append(Weak(coordinator))
    }

    func detach(_ coordinator: NavigationCoordinator) {
        coordinators.removeAll { $0.value == nil || $0.value === coordinator }
    }

    // MARK: Restoring

    /// Uses `host`, rebuilt from a snapshot, for this navigation controller's frames. `recorded` says whether
    /// the snapshot named the adapter as the host's runner; a host found by its frames stays unnamed, so
    /// that the snapshot round-trips. Returns false when the stage has its host already.
    @discardableResult
    func adopt(_ host: InsecurityHost, recorded: Bool) -> Bool {
        guard self.host == nil else { return false }
        self.host = host
        hostIsUnnamed = !recorded
        return true
    }

    /// Whether snapshots name the adapter as the runner of the stage's host (see ``adopt(_:recorded:)``).
    private var hostIsUnnamed = false

    /// Whether `host` is the host of a live stage, as snapshots name it.
    static func runs(_ host: InsecurityHost) -> Bool {
        guard case .navigation(let navigationController?) = host.hostBase,
            let stage = existingStage(of: navigationController)
        else { return false }
        return stage.host === host && !stage.hostIsUnnamed
    }

    /// Keeps `frame`, pushed by the stage or rebuilt from a snapshot, as the frame behind `controller`, until
    /// it ends.
    func track(_ frame: InsecurityCoordinator<Void>, for controller: UIViewController) {
        let key = ObjectIdentifier(controller)
        let observation = frame.observeFrame { [weak self] event in
            guard case .ended = event, let self else { return }
            // The frame may hold the last reference to its controller: it is released once the state has
            // changed, so that the controller's deallocation does not reach the state while it changes.
            withExtendedLifetime(state.frames[key]) { apply(state.frameEnded(key)) }
        }
        apply(state.framePushed(TrackedFrame(coordinator: frame, observation: observation), for: controller))
    }

    /// Tracks `controller`, restored on the stack without a frame, as leaving with a queued pop: the
    /// coordinators asked for it before the snapshot, so their lists follow when it runs, as their frames'
    /// ends would have made them.
    func expectQueuedPop(of controller: UIViewController) {
        apply(state.expectQueuedPop(of: controller))
    }

    /// Applies what the state asks for after an event.
    private func apply(_ actions: [StageState<UIViewController, TrackedFrame>.Action]) {
        for action in actions {
            switch action {
            case .scheduleReconcile:
                // Frames above the first one removed end in the same teardown: reconcile once they all have.
                SimRunLoop.main.perform { [weak self] in self?.reconcile() }
            case .watchDeallocation(let controller):
                let key = ObjectIdentifier(controller)
                controller.onDeallocation { [weak self] in self?.state.controllerDeallocated(key) }
            case .observeStack:
                stackObservation = navigationController?.observeStack { [weak self] change in
                    guard let self, change.phase == .completed else { return }
                    apply(state.stackCompleted(change.current))
                }
            case .stopObservingStack:
                stackObservation = nil
            }
        }
    }

    // MARK: Operations

    /// The stack as it will be once the operations waiting in the queue have run (E19): the controllers
    /// below the first frame, then the live frames' controllers. The coordinators' operations are
    /// planned against it, so that `show` followed at once by `pop` pops what `show` pushed. Building it
    /// costs O(depth): operations use ``walkPlannedStackFromTop(_:)`` instead.
    var plannedStack: [UIViewController] {
        var stack: [UIViewController] = []
        walkPlannedStackFromTop {
            stack.append($0)
            return true
        }
        return stack.reversed()
    }

    /// Calls `body` with the planned stack's controllers from the top down until it returns false; costs
    /// O(controllers visited).
    func walkPlannedStackFromTop(_ body: (UIViewController) -> Bool) {
        var going = true
        host?.forEachFrameControllerFromTop { controller in
            going = body(controller)
            return going
        }
        guard going else { return }
        for controller in plannedBase.reversed() where !body(controller) { return }
    }

    /// The planned stack below the frames: the root a queued replacement will set, else the navigation
    /// controller's controllers below the first one pushed as a frame.
    private var plannedBase: ArraySlice<UIViewController> {
        state.plannedBase(of: navigationController?.viewControllers ?? [])
    }

    /// Whether `controller` is on the planned stack, at a cost that does not grow with the stack (E16) unless
    /// the controller is on the navigation controller's stack already (a misuse the caller reports).
    func plannedStackContains(_ controller: UIViewController) -> Bool {
        // Every live frame has an entry; a frame's controller is planned as long as the frame lives.
        if state.frames[ObjectIdentifier(controller)] != nil { return true }
        if let pendingRoot = state.pendingRoot { return pendingRoot === controller }
        guard let navigationController, controller.parent === navigationController else { return false }
        return plannedBase.contains { $0 === controller }
    }

    /// Up to `count` controllers from the top of the planned stack, top first.
    func plannedTop(_ count: Int) -> [UIViewController] {
        var top: [UIViewController] = []
        walkPlannedStackFromTop { controller in
            top.append(controller)
            return top.count < count
        }
        return top
    }

    /// The planned stack's controllers above `controller`, top first, or nil when it is not on the stack.
    func plannedControllers(above controller: UIViewController) -> [UIViewController]? {
        var above: [UIViewController] = []
        var found = false
        walkPlannedStackFromTop { candidate in
            if candidate === controller {
                found = true
                return false
            }
            above.append(candidate)
            return true
        }
        return found ? above : nil
    }

    /// Pushes `controller` as a new engine frame, or makes it the root of an empty stack.
    func push(_ controller: UIViewController, animated: Bool) {
        guard let navigationController else { return }
        if plannedTop(1).isEmpty {
            replaceStack(with: [controller])
            return
        }
        let host = self.host ?? InsecurityHost(navigation: navigationController)
        self.host = host
        let frame = ControllerCoordinator(controller, typeName: frameOwnerTypeName(of: controller))
        track(frame, for: controller)
        host.start(frame, in: .current, animated: animated) { _ in }
    }

    /// Pops every controller above `controller` in one operation, as the coordinators' own doing.
    func pop(to controller: UIViewController, animated: Bool) {
        guard let above = plannedControllers(above: controller), let first = above.last else { return }
        state.coordinatorsWillPop(above)
        if let frame = state.frames[ObjectIdentifier(first)]?.coordinator, frame.isLive {
            frame.dismiss(animated: animated)
        } else if let navigationController {
            UIKitOperations.pop(navigationController, to: controller, animated: animated)
        }
    }

    /// Takes the controllers with these identities off the planned stack without animation, as the
    /// coordinators' own doing (a stopping coordinator's screens, as the library removes them). When they
    /// are the top of the stack they are popped; otherwise the stack is replaced by what remains, the other
    /// coordinators' controllers pushed again. A stack that would be left empty is left as it is.
    func remove(_ ids: Set<ObjectIdentifier>) {
        guard !ids.isEmpty else { return }
        let stack = plannedStack
        let remaining = stack.filter { !ids.contains(ObjectIdentifier($0)) }
        guard remaining.count < stack.count, let last = remaining.last else { return }
        if stack.starts(with: remaining, by: ===) {
            pop(to: last, animated: false)
        } else {
            replaceStack(with: remaining)
        }
    }

    /// Replaces the whole stack, as the coordinators' own doing: the first controller becomes the root,
    /// the others are pushed as frames. The frames it replaces are handed over, not popped back.
    func replaceStack(with controllers: [UIViewController]) {
        guard let navigationController, let root = controllers.first else { return }
        let planned = plannedStack
        state.beginStackReplacement(of: planned, by: controllers)
        if let lowest = host?.lowestFrameController, let frame = state.frames[ObjectIdentifier(lowest)]?.coordinator {
            frame.dismiss(animated: false)
        }
        state.endStackReplacement()
        withExtendedLifetime(state.pendingRoot) { state.rootPlanned(root) }
        UIKitOperations.perform(on: navigationController) { [weak self] navigationController in
            guard let self else { return }
            state.beginSettingRoot(root)
            navigationController.setViewControllers([root], animated: false)
            state.endStackReplacement()
        }
        for controller in controllers.dropFirst() {
            push(controller, animated: false)
        }
    }

    // MARK: Reconciling

    /// Tells `coordinator`'s parent, on the next turn, that it popped its last controller (A3).
    func reportEmptied(_ coordinator: NavigationCoordinator) {
        emptiedByOwnPop.append(Weak(coordinator))
        apply(state.reconcileRequested())
    }

    private func reconcile() {
        let reconciliation = state.reconcile(stack: navigationController?.viewControllers ?? [])
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
        if reconciliation.notifiesPopBack, let top = plannedTop(1).first,
            let owner = top.parentCoordinator as? NavigationCoordinator
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
        guard let navigationController, navigationController.viewIfLoaded?.window != nil else { return [] }
        var problems: [String] = []
        let stack = navigationController.viewControllers
        let position = Dictionary(
            stack.enumerated().map { (ObjectIdentifier($1), $0) }, uniquingKeysWith: { a, _ in a })
        var listed: [ObjectIdentifier: Int] = [:]
        for coordinator in coordinators.compactMap(\.value) where coordinator.isStarted {
            let positions = coordinator.viewControllers.compactMap { position[ObjectIdentifier($0)] }
            if positions != positions.sorted() {
                problems.append("\(coordinator.identifier)'s viewControllers are not in stack order")
            }
            for controller in coordinator.viewControllers {
                let id = ObjectIdentifier(controller)
                listed[id, default: 0] += 1
                if position[id] == nil, !state.handedOver.contains(id) {
                    problems.append(
                        "\(coordinator.identifier) lists \(controller.simDescription), which is not on the stack")
                }
            }
        }
        for controller in stack {
            let count = listed[ObjectIdentifier(controller)] ?? 0
            // A controller nobody lists is the app's own, or left by a coordinator that stopped on it.
            let owner = controller.parentCoordinator as? NavigationCoordinator
            if count > 1 || (count == 0 && owner?.isStarted == true && owner?.stage === self) {
                problems.append("\(controller.simDescription) is on the stack and in \(count) coordinators' lists")
            }
        }
        return problems
    }

    /// The violations of every stage of a navigation controller in `windows` (see ``screenViolations()``):
    /// their roots, contained children and presented chains.
    static func screenViolations(in windows: [UIWindow]) -> [String] {
        windows.flatMap(\.controllerHierarchy).flatMap { controller -> [String] in
            guard let navigation = controller as? UINavigationController, let stage = existingStage(of: navigation)
            else { return [] }
            return stage.screenViolations()
        }
    }
}

/// The adapter's invariants, for test harnesses that check them after every step.
@_spi(Testing)
@MainActor
public enum ResponderCoordinatorInvariants {
    /// Broken invariants of every navigation controller in `windows` that legacy coordinators share, once
    /// the run loop is idle and nothing animates: each started coordinator's `viewControllers` are its
    /// controllers on the stack (apart from those `root` or `takeover` handed over), and each controller on
    /// the stack is listed by exactly one coordinator.
    public static func violations(windows: [UIWindow]) -> [String] {
        NavigationStage.screenViolations(in: windows)
    }
}
