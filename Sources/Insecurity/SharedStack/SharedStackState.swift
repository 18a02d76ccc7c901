/// What a ``SharedNavigationStack`` remembers about the controllers on its navigation controller, as a state
/// machine in swift-nio's style: which were pushed as frames, which removals the coordinators asked for, which
/// controllers a stack replacement handed over, and what the next reconcile reports (A3).
///
/// Its parts that change by phase (a reconcile scheduled or not, queued pops awaited or not, replacements
/// queued or applied) are enums whose cases carry only their own data. Each event returns its own action
/// type, the effect the stack applies (schedule a reconcile, watch a controller's deallocation, observe the
/// stack), so the bookkeeping can be tested without UIKit; an event its phase cannot take stops the program
/// with the reason. Controllers are compared by identity.
struct SharedStackState<Controller: AnyObject, Frame> {
    /// After a frame is pushed.
    enum PushAction {
        case none
        /// Report ``SharedStackState/controllerDeallocated(_:)`` when this controller goes (its identity may
        /// be reused).
        case watchDeallocation(Controller)
    }

    /// After a removal is recorded for the next reconcile.
    enum ReportAction: Equatable {
        case none
        /// Reconcile on the next run-loop turn, once every frame a teardown ends has ended.
        case scheduleReconcile
    }

    /// After a restored controller's queued pop is expected.
    enum ExpectedPopAction: Equatable {
        case none
        /// Report the navigation controller's completed stack changes (``SharedStackState/stackCompleted(_:)``).
        case observeStack
    }

    /// After the navigation controller completed a stack change.
    struct StackCompletedAction: Equatable {
        /// Stop reporting stack changes: no queued pop is awaited any more.
        var stopObservingStack = false
        var report = ReportAction.none
    }

    /// What the reconcile reports to the adapters using the stack.
    struct Reconciliation {
        /// Controllers that left the stack: each adapter drops them from its `viewControllers`.
        var gone: Set<ObjectIdentifier>
        /// The frames' controllers that something other than the coordinators removed (a back button, a swipe,
        /// app code).
        var poppedByOthers: Set<ObjectIdentifier>

        /// Whether the owner of the new top hears `handlePopBack(to:)`: something other than the coordinators
        /// removed a frame.
        var notifiesPopBack: Bool { !poppedByOthers.isEmpty }
    }

    /// What the reconcile waiting for the next turn reports so far.
    private struct PendingReport {
        var popped: Set<ObjectIdentifier> = []
        var poppedByOthers: Set<ObjectIdentifier> = []
    }

    /// Whether a reconcile waits for the next turn, and what it reports.
    private enum ReconcilePhase {
        case idle
        case scheduled(PendingReport)
    }

    /// Whether restored controllers wait for a pop in the queue (see ``expectQueuedPop(of:)``), and which.
    private enum QueuedPops {
        case none
        case awaiting(Set<ObjectIdentifier>)
    }

    /// The root the stack will have once the queue has run: the navigation controller's, or the one the last
    /// of `count` queued replacements sets (nil: it empties the stack). The planned root stays the last one's
    /// until every one has run (replacements to A, then B, then A again leave A planned after the first runs).
    private enum PlannedRoot {
        case current
        case replaced(root: Controller?, count: Int)
    }

    /// Whether a stack replacement is being applied.
    enum Replacement: Equatable {
        case idle
        /// A coordinator is replacing the stack (`root`, `takeover`), or the queue is setting the root a
        /// replacement planned: the frames that end meanwhile are handed over, not popped. `depth` counts the
        /// replacements under way: the queue may set a planned root while a coordinator's replacement ends
        /// frames.
        case applying(depth: Int)
    }

    /// The frame behind each controller pushed as one, while it lives.
    private(set) var frames: [ObjectIdentifier: Frame] = [:]
    /// Every controller pushed as a frame and still alive; the stack below the first of them belongs to no frame.
    private var pushedAsFrames: Set<ObjectIdentifier> = []
    /// Controllers that a coordinator's own pop (`pop`, `pop(to:)`, `top`) removes.
    private var removalsByCoordinators: Set<ObjectIdentifier> = []
    /// Controllers a stack replacement took off the stack: they stay in their coordinators' lists, as in the
    /// UIResponder-style Coordinator library.
    private(set) var handedOver: Set<ObjectIdentifier> = []
    private var reconcilePhase = ReconcilePhase.idle
    private var queuedPops = QueuedPops.none
    private var plannedRoot = PlannedRoot.current
    private(set) var replacement = Replacement.idle

    /// The root the last stack replacement waiting in the queue will set (E19).
    var pendingRoot: Controller? {
        if case .replaced(let root, _) = plannedRoot { return root }
        return nil
    }

    /// Whether a stack replacement waits in the queue (one that empties the stack plans no root).
    var replacementQueued: Bool {
        if case .replaced = plannedRoot { return true }
        return false
    }

    // MARK: Frames

    /// `frame` now stands behind `controller`, pushed by a coordinator or rebuilt from a snapshot.
    mutating func framePushed(_ frame: Frame, for controller: Controller) -> PushAction {
        let key = ObjectIdentifier(controller)
        frames[key] = frame
        handedOver.remove(key)
        return pushedAsFrames.insert(key).inserted ? .watchDeallocation(controller) : .none
    }

    /// The controller that `key` identified is gone; a new controller may reuse its identity.
    mutating func controllerDeallocated(_ key: ObjectIdentifier) {
        pushedAsFrames.remove(key)
    }

    /// The frame behind the controller identified by `key` ended.
    mutating func frameEnded(_ key: ObjectIdentifier) -> ReportAction {
        frames.removeValue(forKey: key)
        guard case .idle = replacement else { return .none }
        let byOthers = removalsByCoordinators.remove(key) == nil
        return report { report in
            report.popped.insert(key)
            if byOthers { report.poppedByOthers.insert(key) }
        }
    }

    /// The coordinators are about to pop these controllers themselves: their frames' ends are no pop-back.
    mutating func coordinatorsWillPop(_ controllers: [Controller]) {
        removalsByCoordinators.formUnion(controllers.map(ObjectIdentifier.init))
    }

    // MARK: Stack replacement

    /// A coordinator replaces `planned` by `controllers`: what leaves is handed over, what stays is not. Until
    /// ``endStackReplacement()``, frames that end are not reported.
    mutating func beginStackReplacement(of planned: [Controller], by controllers: [Controller]) {
        let kept = Set(controllers.map(ObjectIdentifier.init))
        handedOver.formUnion(planned.map(ObjectIdentifier.init).filter { !kept.contains($0) })
        handedOver.subtract(kept)
        replacementBegan()
    }

    /// The navigation controller itself is about to take the root a queued replacement planned (none when it
    /// empties the stack) as its only controller; only while one is queued.
    mutating func beginSettingRoot() {
        guard case .replaced(let root, let count) = plannedRoot else {
            preconditionFailure("SharedStackState: a planned root was set while no replacement was queued")
        }
        plannedRoot = count > 1 ? .replaced(root: root, count: count - 1) : .current
        replacementBegan()
    }

    /// The replacement begun last is applied; only while one is.
    mutating func endStackReplacement() {
        switch replacement {
        case .idle: preconditionFailure("SharedStackState: a stack replacement ended while none was being applied")
        case .applying(let depth): replacement = depth > 1 ? .applying(depth: depth - 1) : .idle
        }
    }

    private mutating func replacementBegan() {
        switch replacement {
        case .idle: replacement = .applying(depth: 1)
        case .applying(let depth): replacement = .applying(depth: depth + 1)
        }
    }

    /// A queued operation will make `root` the stack's root (nil: will empty the stack): it is planned there,
    /// and no longer as a frame.
    mutating func rootPlanned(_ root: Controller?) {
        if let root { pushedAsFrames.remove(ObjectIdentifier(root)) }
        switch plannedRoot {
        case .current: plannedRoot = .replaced(root: root, count: 1)
        case .replaced(_, let count): plannedRoot = .replaced(root: root, count: count + 1)
        }
    }

    // MARK: Queued pops from a snapshot

    /// `controller`, restored on the stack without a frame, leaves with a pop waiting in the queue.
    mutating func expectQueuedPop(of controller: Controller) -> ExpectedPopAction {
        switch queuedPops {
        case .none:
            queuedPops = .awaiting([ObjectIdentifier(controller)])
            return .observeStack
        case .awaiting(var awaited):
            // Let go first, so that the set is not copied (as in ``report(_:)``).
            queuedPops = .none
            awaited.insert(ObjectIdentifier(controller))
            queuedPops = .awaiting(awaited)
            return .none
        }
    }

    /// The navigation controller completed a change; `stack` is what it now holds.
    mutating func stackCompleted(_ stack: [Controller]) -> StackCompletedAction {
        guard case .awaiting(var awaited) = queuedPops else { return StackCompletedAction() }
        let left = awaited.subtracting(stack.map(ObjectIdentifier.init))
        guard !left.isEmpty else { return StackCompletedAction() }
        queuedPops = .none
        awaited.subtract(left)
        queuedPops = awaited.isEmpty ? .none : .awaiting(awaited)
        return StackCompletedAction(stopObservingStack: awaited.isEmpty, report: report { $0.popped.formUnion(left) })
    }

    // MARK: Reconciling

    /// Something for the next reconcile to report (a coordinator emptied its own list).
    mutating func reconcileRequested() -> ReportAction {
        report { _ in }
    }

    /// Adds to the pending report in place: the phase lets go of it first, so that it is not copied (a copy of
    /// its set on every frame that ends would be O(n²) when a teardown ends n frames).
    private mutating func report(_ update: (inout PendingReport) -> Void) -> ReportAction {
        switch reconcilePhase {
        case .idle:
            var pending = PendingReport()
            update(&pending)
            reconcilePhase = .scheduled(pending)
            return .scheduleReconcile
        case .scheduled(var pending):
            reconcilePhase = .idle
            update(&pending)
            reconcilePhase = .scheduled(pending)
            return .none
        }
    }

    /// Runs the scheduled reconcile on a navigation controller holding `stack`. A popped controller is gone
    /// unless it is on the planned stack again: pushed again as a frame, or the root of a replacement.
    mutating func reconcile(stack: [Controller]) -> Reconciliation {
        var report = PendingReport()
        if case .scheduled(let pending) = reconcilePhase { report = pending }
        reconcilePhase = .idle
        var base: Set<ObjectIdentifier>?
        let gone = report.popped.filter { key in
            guard frames[key] == nil else { return false }
            if pushedAsFrames.contains(key) { return true }
            if base == nil { base = Set(plannedBase(of: stack).map(ObjectIdentifier.init)) }
            return base?.contains(key) == false
        }
        removalsByCoordinators = removalsByCoordinators.filter { frames[$0] != nil }
        return Reconciliation(gone: gone, poppedByOthers: report.poppedByOthers)
    }

    // MARK: Invariants

    /// What is wrong with the bookkeeping between two operations: a stack replacement still being applied.
    var violationsBetweenOperations: [String] {
        guard case .idle = replacement else { return ["a stack replacement is still being applied"] }
        return []
    }

    // MARK: Planning

    /// The planned stack below the frames, given the navigation controller's `stack`: the root a queued
    /// replacement will set, else the controllers below the first one pushed as a frame.
    func plannedBase(of stack: [Controller]) -> ArraySlice<Controller> {
        if case .replaced(let root, _) = plannedRoot { return root.map { [$0] } ?? [] }
        return stack.prefix { !pushedAsFrames.contains(ObjectIdentifier($0)) }
    }
}
