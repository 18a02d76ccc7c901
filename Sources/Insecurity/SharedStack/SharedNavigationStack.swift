@_spi(Adapters) import SimUIKit

/// For adapters: one navigation controller's stack as every coordinator framework using it sees it.
///
/// Coordinator libraries let several coordinators, even of different frameworks, push onto one navigation
/// controller. The shared stack gives them one Insecurity host (A2), a frame behind each controller they
/// push, and one plan of the stack that queued operations will leave (E19), so that `push` followed at once
/// by `pop` pops what was pushed. It tells apart the removals the adapters ask for from those made by the
/// user (Back, the edge swipe) or by app code, and reports both to every participant on the next turn of the
/// run loop, once the whole removal is known (A3). Retained by the coordinators that use it.
@_spi(Adapters)
@MainActor
public final class SharedNavigationStack {
    /// Where a navigation controller keeps its shared stack (weakly: the coordinators using it retain it).
    private static let stackKey = AssociationKey<Weak<SharedNavigationStack>>()

    /// The shared stack of `navigationController`. `framework` names the adapter that makes it, if none
    /// exists yet: snapshots record it as the runner of the stack's host.
    public static func stack(for navigationController: UINavigationController, framework: String)
        -> SharedNavigationStack
    {
        if let stack = existing(of: navigationController) { return stack }
        let stack = SharedNavigationStack(navigationController, framework: framework)
        navigationController[associated: stackKey] = Weak(stack)
        return stack
    }

    /// The live shared stack of `navigationController`, if coordinators use it.
    public static func existing(of navigationController: UINavigationController) -> SharedNavigationStack? {
        navigationController[associated: stackKey]?.value
    }

    /// What the stack reports to its participants on the turn after controllers left it.
    public struct Reconciliation {
        /// The controllers that left the stack and were not put back: adapters drop them from their lists.
        public let gone: Set<ObjectIdentifier>
        /// The new top when something other than the adapters removed a frame (a back button, a swipe, app
        /// code), so that its owner can hear of the pop; nil when only the adapters removed controllers.
        public let poppedBackTo: UIViewController?
    }

    public private(set) weak var navigationController: UINavigationController?
    /// The adapter that made the stack, recorded as its host's runner.
    public let framework: String
    private var host: InsecurityHost?
    private var participants: [Weak<AnyObject>] = []
    private var reports: [ObjectIdentifier: @MainActor (Reconciliation) -> Void] = [:]
    /// A frame behind a controller, with the observation that reports its end.
    struct TrackedFrame {
        let coordinator: InsecurityCoordinator<Void>
        let observation: AnyObject
    }
    /// Internal for the tests that corrupt it on purpose.
    var state = SharedStackState<UIViewController, TrackedFrame>()
    /// Reports the stack's completed changes while a queued pop from a snapshot is awaited.
    private var stackObservation: AnyObject?

    private init(_ navigationController: UINavigationController, framework: String) {
        self.navigationController = navigationController
        self.framework = framework
    }

    /// Adds `participant`, which hears every reconciliation through `report` until it leaves or goes.
    public func join(_ participant: AnyObject, report: @escaping @MainActor (Reconciliation) -> Void) {
        leave(participant)
        participants.append(Weak(participant))
        reports[ObjectIdentifier(participant)] = report
    }

    public func leave(_ participant: AnyObject) {
        participants.removeAll { $0.value == nil || $0.value === participant }
        reports = reports.filter { id, _ in participants.contains { $0.value.map(ObjectIdentifier.init) == id } }
    }

    // MARK: Restoring

    /// For the importer: uses `host`, rebuilt from a snapshot, for this navigation controller's frames, with
    /// every frame on it. Returns false, changing nothing, when the stack has its host already.
    @discardableResult
    package func adopt(_ host: InsecurityHost) -> Bool {
        guard self.host == nil else { return false }
        self.host = host
        for frame in host.frameDescriptions {
            guard let coordinator = frame.coordinator as? InsecurityCoordinator<Void>, let controller = frame.controller
            else { continue }
            track(coordinator, for: controller)
        }
        return true
    }

    /// Whether `host` is the host of this stack.
    package func uses(_ host: InsecurityHost) -> Bool { self.host === host }

    /// Tracks `controller`, restored on the stack without a frame, as leaving with a queued pop: the
    /// adapters asked for it before the snapshot, so their lists follow when it runs, as the frames' ends
    /// would have made them.
    package func expectQueuedPop(of controller: UIViewController) {
        apply(state.expectQueuedPop(of: controller))
    }

    /// Keeps `frame`, pushed by the stack or rebuilt from a snapshot, as the frame behind `controller`, until
    /// it ends.
    private func track(_ frame: InsecurityCoordinator<Void>, for controller: UIViewController) {
        let key = ObjectIdentifier(controller)
        let observation = frame.observeFrame { [weak self] event in
            guard case .ended = event, let self else { return }
            // The frame may hold the last reference to its controller: it is released once the state has
            // changed, so that the controller's deallocation does not reach the state while it changes.
            let ending = state.frames[key]
            apply(state.frameEnded(key))
            extendLifetime(ending)
        }
        apply(state.framePushed(TrackedFrame(coordinator: frame, observation: observation), for: controller))
    }

    private typealias State = SharedStackState<UIViewController, TrackedFrame>

    // What the state asks for after each event.

    private func apply(_ action: State.PushAction) {
        guard case .watchDeallocation(let controller) = action else { return }
        let key = ObjectIdentifier(controller)
        controller.onDeallocation { [weak self] in self?.state.controllerDeallocated(key) }
    }

    private func apply(_ action: State.ReportAction) {
        guard case .scheduleReconcile = action else { return }
        // Frames above the first one removed end in the same teardown: reconcile once they all have.
        SimRunLoop.main.perform { [weak self] in self?.reconcile() }
    }

    private func apply(_ action: State.ExpectedPopAction) {
        guard case .observeStack = action else { return }
        stackObservation = navigationController?.observeStack { [weak self] change in
            guard let self, change.phase == .completed else { return }
            let action = state.stackCompleted(change.current)
            if action.stopObservingStack { stackObservation = nil }
            apply(action.report)
        }
    }

    // MARK: The planned stack

    /// The stack as it will be once the operations waiting in the queue have run (E19): the controllers
    /// below the first frame, then the live frames' controllers. Building it costs O(depth): operations use
    /// ``walkPlannedStackFromTop(_:)`` instead.
    public var plannedStack: [UIViewController] {
        var stack: [UIViewController] = []
        walkPlannedStackFromTop {
            stack.append($0)
            return true
        }
        return stack.reversed()
    }

    /// Calls `body` with the planned stack's controllers from the top down until it returns false; costs
    /// O(controllers visited).
    public func walkPlannedStackFromTop(_ body: (UIViewController) -> Bool) {
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
    public func plannedStackContains(_ controller: UIViewController) -> Bool {
        // Every live frame has an entry; a frame's controller is planned as long as the frame lives.
        if state.frames[ObjectIdentifier(controller)] != nil { return true }
        if state.replacementQueued { return state.pendingRoot === controller }
        guard let navigationController, controller.parent === navigationController else { return false }
        return plannedBase.contains { $0 === controller }
    }

    /// Up to `count` controllers from the top of the planned stack, top first.
    public func plannedTop(_ count: Int) -> [UIViewController] {
        var top: [UIViewController] = []
        walkPlannedStackFromTop { controller in
            top.append(controller)
            return top.count < count
        }
        return top
    }

    /// The planned stack's controllers above `controller`, top first, or nil when it is not on the stack.
    public func plannedControllers(above controller: UIViewController) -> [UIViewController]? {
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

    /// Whether a stack replacement took `controller` off the stack: its coordinator may keep listing it.
    public func handedOver(_ controller: UIViewController) -> Bool {
        state.handedOver.contains(ObjectIdentifier(controller))
    }

    // MARK: Operations

    /// Pushes `controller` as a new engine frame reporting `typeName` (or makes it the root of an empty
    /// stack). Calls `completion` once the push's transition has ended.
    public func push(
        _ controller: UIViewController, typeName: String, animated: Bool,
        completion: (@MainActor () -> Void)? = nil
    ) {
        guard let navigationController else { return }
        if plannedTop(1).isEmpty {
            replaceStack(with: [controller], typeNames: [typeName])
            if let completion { UIKitOperations.afterContentChanges(of: navigationController, completion) }
            return
        }
        let host = self.host ?? InsecurityHost(restoringOn: navigationController, framework: framework)
        self.host = host
        let frame = ControllerCoordinator(controller, typeName: typeName)
        track(frame, for: controller)
        host.start(frame, in: .current, animated: animated) { _ in }
        checkState(after: "pushing \(typeName)", around: controller)
        if let completion { UIKitOperations.afterContentChanges(of: navigationController, completion) }
    }

    /// Pops every controller above `controller` in one operation, as the adapters' own doing.
    public func pop(to controller: UIViewController, animated: Bool) {
        guard let above = plannedControllers(above: controller), let first = above.last else { return }
        state.coordinatorsWillPop(above)
        if let frame = state.frames[ObjectIdentifier(first)]?.coordinator, frame.isLive {
            frame.dismiss(animated: animated)
        } else if let navigationController {
            UIKitOperations.pop(navigationController, to: controller, animated: animated)
        }
        checkState(after: "popping to \(controller.simDescription)", around: first)
    }

    /// Takes the controllers with these identities off the planned stack without animation, as the
    /// adapters' own doing (a stopping coordinator's screens). When they are the top of the stack they are
    /// popped; otherwise the stack is replaced by what remains, the other controllers pushed again. A stack
    /// that would be left empty is left as it is.
    public func remove(_ ids: Set<ObjectIdentifier>) {
        guard !ids.isEmpty else { return }
        let stack = plannedStack
        let remaining = stack.filter { !ids.contains(ObjectIdentifier($0)) }
        guard remaining.count < stack.count else { return }
        guard let last = remaining.last else {
            // Every controller leaves, as when the coordinator that listed them all stops: the frames above
            // the root end as its pop, then the navigation controller is left empty, as UIKit allows.
            if let root = stack.first, stack.count > 1 { pop(to: root, animated: false) }
            replaceStack(with: [], typeNames: [])
            return
        }
        if stack.starts(with: remaining, by: ===) {
            pop(to: last, animated: false)
        } else {
            replaceStack(with: remaining, typeNames: remaining.map { frameTypeName(of: $0) })
        }
    }

    /// Replaces the whole stack, as the adapters' own doing: the first controller becomes the root, the
    /// others are pushed as frames reporting `typeNames` (one per controller); no controllers empty it. The
    /// frames it replaces are handed over, not popped back. `animated` animates the change of the top, as
    /// `setViewControllers` does.
    public func replaceStack(with controllers: [UIViewController], typeNames: [String], animated: Bool = false) {
        guard let navigationController else { return }
        let root = controllers.first
        let planned = plannedStack
        // The adapters' completions waiting in the queue run once the replacement is planned whole (its root and
        // its pushes queued), not inside it: a route pushed between would go below the replacement's pushes.
        UIKitOperationQueue.shared.holdingAdapterCode {
            state.beginStackReplacement(of: planned, by: controllers)
            if let lowest = host?.lowestFrameController,
                let frame = state.frames[ObjectIdentifier(lowest)]?.coordinator
            {
                frame.dismiss(animated: false)
            }
            state.endStackReplacement()
            let pendingRoot = state.pendingRoot
            state.rootPlanned(root)
            extendLifetime(pendingRoot)
            let onlyRoot = controllers.count == 1
            UIKitOperations.perform(on: navigationController, animated: animated && onlyRoot) {
                [weak self] navigationController in
                guard let self else { return }
                UIKitOperationQueue.shared.holdingAdapterCode {
                    state.beginSettingRoot()
                    navigationController.setViewControllers(root.map { [$0] } ?? [], animated: animated && onlyRoot)
                    state.endStackReplacement()
                }
            }
            for (index, controller) in controllers.enumerated().dropFirst() {
                push(controller, typeName: typeNames[index], animated: animated && index == controllers.count - 1)
            }
        }
        checkState(after: "replacing the stack with \(controllers.count) controllers")
    }

    /// The type name the frame behind `controller` reports, for a controller pushed again.
    private func frameTypeName(of controller: UIViewController) -> String {
        state.frames[ObjectIdentifier(controller)]?.coordinator.bridgedTypeName ?? "UnownedController"
    }

    // MARK: Reconciling

    /// Asks for a reconciliation on the next turn even if nothing left the stack (an adapter that emptied
    /// a coordinator's list by its own pop reports it then, with the other removals).
    public func requestReconciliation() {
        apply(state.reconcileRequested())
    }

    private func reconcile() {
        let result = state.reconcile(stack: navigationController?.viewControllers ?? [])
        let reconciliation = Reconciliation(
            gone: result.gone, poppedBackTo: result.notifiesPopBack ? plannedTop(1).first : nil)
        for participant in participants.compactMap(\.value) {
            reports[ObjectIdentifier(participant)]?(reconciliation)
        }
    }

    // MARK: Invariants

    /// Checks the bookkeeping right after `operation`, in builds with `INSECURITY_CHECKS` (this package's debug
    /// builds; nothing in release), as the host checks its chain: no replacement left half applied, never more
    /// frames tracked than the host has (an Insecurity chain embedded on the stack may add frames of its own),
    /// and `controller`'s entry, if any, for a frame that has not ended. O(1); reported as `invariantBroken`.
    private func checkState(after operation: @autoclosure () -> String, around controller: UIViewController? = nil) {
        #if INSECURITY_CHECKS
            var problems = state.violationsBetweenOperations
            if let host, host.stage.isReady, state.frames.count > host.frames.count {
                problems.append("the stack tracks \(state.frames.count) frames, its host has \(host.frames.count)")
            }
            if let controller, let tracked = state.frames[ObjectIdentifier(controller)],
                case .ended = tracked.coordinator.state
            {
                problems.append("the frame behind \(controller.simDescription) has ended but the stack still tracks it")
            }
            guard !problems.isEmpty else { return }
            InsecurityDiagnostics.report(
                .invariantBroken, "After \(operation()): \(problems.joined(separator: "; ")).")
        #endif
    }
}
