@_spi(Adapters) import Insecurity
@_spi(Adapters) import SimUIKit

/// Everything the legacy coordinators sharing one navigation controller have in common: one Insecurity
/// host (A2), the frame behind each controller they pushed, and the bookkeeping that turns removals
/// made by the user or by app code into `viewControllers` updates, `handlePopBack(to:)` and
/// `coordinatorDidFinish` (A3). Retained by the coordinators that use it.
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
    /// The frame behind each controller pushed as one, with the observation that reports its end.
    private var frames: [ObjectIdentifier: (coordinator: InsecurityCoordinator<Void>, observation: AnyObject)] = [:]
    /// Every controller pushed as a frame; the stack below the first of them belongs to no frame.
    private var pushedAsFrames: Set<ObjectIdentifier> = []
    /// The root a stack replacement waiting in the queue will set (E19).
    private var pendingRoot: UIViewController?
    /// Controllers that a coordinator's own pop (`pop`, `pop(to:)`, `top`) removes.
    private var removalsByCoordinators: Set<ObjectIdentifier> = []
    /// Controllers popped since the last reconcile.
    private var popped: Set<ObjectIdentifier> = []
    private var removedByOthers = false
    private var isReconcileScheduled = false
    /// Controllers a stack replacement took off the stack: they stay in their coordinators' lists, as in the
    /// UIResponder-style Coordinator library.
    private var handedOver: Set<ObjectIdentifier> = []
    /// True while a coordinator replaces the stack (`root`, `takeover`): the controllers it removes are
    /// handed over, and stay in their coordinators' `viewControllers`, as in the UIResponder-style Coordinator
    /// library.
    private var isReplacingStack = false

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

    /// Tracks `frame`, rebuilt from a snapshot, as the frame behind `controller`.
    func adoptFrame(_ frame: InsecurityCoordinator<Void>, for controller: UIViewController) {
        let key = ObjectIdentifier(controller)
        markPushedAsFrame(controller)
        track(frame, for: key)
    }

    /// Keeps `frame` as the frame behind the controller identified by `key`, until it ends.
    private func track(_ frame: InsecurityCoordinator<Void>, for key: ObjectIdentifier) {
        let observation = frame.observeFrame { [weak self] event in
            if case .ended = event { self?.frameEnded(key) }
        }
        frames[key] = (frame, observation)
    }

    /// Restored controllers that a pop waiting in the queue takes away: the coordinators asked for it before
    /// the snapshot, so their lists follow when it runs, as their frames' ends would have made them.
    private var expectedPops: Set<ObjectIdentifier> = []
    private var stackObservation: AnyObject?

    /// Tracks `controller`, restored on the stack without a frame, as leaving with a queued pop.
    func expectQueuedPop(of controller: UIViewController) {
        expectedPops.insert(ObjectIdentifier(controller))
        guard stackObservation == nil, let navigationController else { return }
        stackObservation = navigationController.observeStack { [weak self] change in
            guard let self, change.phase == .completed, !expectedPops.isEmpty else { return }
            let stack = Set(change.current.map(ObjectIdentifier.init))
            let left = expectedPops.subtracting(stack)
            guard !left.isEmpty else { return }
            expectedPops.subtract(left)
            popped.formUnion(left)
            if expectedPops.isEmpty { stackObservation = nil }
            scheduleReconcile()
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
        if let pendingRoot { return [pendingRoot] }
        guard let navigationController else { return [] }
        return navigationController.viewControllers.prefix { !pushedAsFrames.contains(ObjectIdentifier($0)) }
    }

    /// Whether `controller` is on the planned stack, at a cost that does not grow with the stack (E16) unless
    /// the controller is on the navigation controller's stack already (a misuse the caller reports).
    func plannedStackContains(_ controller: UIViewController) -> Bool {
        // Every live frame has an entry; a frame's controller is planned as long as the frame lives.
        if frames[ObjectIdentifier(controller)] != nil { return true }
        if let pendingRoot { return pendingRoot === controller }
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
        let key = ObjectIdentifier(controller)
        track(frame, for: key)
        markPushedAsFrame(controller)
        handedOver.remove(key)
        host.start(frame, in: .current, animated: animated) { _ in }
    }

    /// Records that `controller` was pushed as a frame, until it is deallocated (its identity may be reused).
    private func markPushedAsFrame(_ controller: UIViewController) {
        let key = ObjectIdentifier(controller)
        guard pushedAsFrames.insert(key).inserted else { return }
        controller.onDeallocation { [weak self] in self?.pushedAsFrames.remove(key) }
    }

    /// Pops every controller above `controller` in one operation, as the coordinators' own doing.
    func pop(to controller: UIViewController, animated: Bool) {
        guard let above = plannedControllers(above: controller), let first = above.last else { return }
        removalsByCoordinators.formUnion(above.map(ObjectIdentifier.init))
        if let frame = frames[ObjectIdentifier(first)]?.coordinator, frame.isLive {
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
        let kept = Set(controllers.map(ObjectIdentifier.init))
        handedOver.formUnion(plannedStack.map(ObjectIdentifier.init).filter { !kept.contains($0) })
        handedOver.subtract(kept)
        isReplacingStack = true
        if let lowest = host?.lowestFrameController, let frame = frames[ObjectIdentifier(lowest)]?.coordinator {
            frame.dismiss(animated: false)
        }
        isReplacingStack = false
        pushedAsFrames.remove(ObjectIdentifier(root))
        pendingRoot = root
        UIKitOperations.perform(on: navigationController) { [weak self] navigationController in
            guard let self else { return }
            if pendingRoot === root { pendingRoot = nil }
            isReplacingStack = true
            navigationController.setViewControllers([root], animated: false)
            isReplacingStack = false
        }
        for controller in controllers.dropFirst() {
            push(controller, animated: false)
        }
    }

    // MARK: Reconciling

    /// Coordinators that emptied their own `viewControllers` by popping, reported at the next reconcile.
    private var emptiedByOwnPop: [Weak<NavigationCoordinator>] = []

    /// Tells `coordinator`'s parent, on the next turn, that it popped its last controller (A3).
    func reportEmptied(_ coordinator: NavigationCoordinator) {
        emptiedByOwnPop.append(Weak(coordinator))
        scheduleReconcile()
    }

    private func scheduleReconcile() {
        guard !isReconcileScheduled else { return }
        isReconcileScheduled = true
        // Frames above the first one removed end in the same teardown: reconcile once they all have.
        SimRunLoop.main.perform { [weak self] in self?.reconcile() }
    }

    private func frameEnded(_ key: ObjectIdentifier) {
        frames.removeValue(forKey: key)
        guard !isReplacingStack else { return }
        popped.insert(key)
        if removalsByCoordinators.remove(key) == nil {
            removedByOthers = true
        }
        scheduleReconcile()
    }

    private func reconcile() {
        isReconcileScheduled = false
        let notifyPopBack = removedByOthers
        removedByOthers = false
        // A popped controller is gone unless it is on the planned stack again: pushed again as a frame (every
        // live frame has an entry), or made the root by a stack replacement (which unmarks it as a frame).
        lazy var base = Set(plannedBase.map(ObjectIdentifier.init))
        let gone = popped.filter { frames[$0] == nil && (pushedAsFrames.contains($0) || !base.contains($0)) }
        popped.removeAll()
        removalsByCoordinators = removalsByCoordinators.filter { frames[$0] != nil }
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
        if notifyPopBack, let top = plannedTop(1).first,
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
                if position[id] == nil, !handedOver.contains(id) {
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
