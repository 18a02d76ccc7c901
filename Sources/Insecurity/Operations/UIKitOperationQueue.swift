import DequeModule
@_spi(Adapters) import SimUIKit

/// The one path by which the engine and the adapters hand UIKit an operation (E19).
///
/// UIKit does not queue: it refuses a presentation or dismissal while another runs, and cuts a running
/// push or pop short. So every present, dismiss, push, pop, stack replacement and window root change
/// the engine issues is an operation here, with the UIKit target it runs on (the presenter at the
/// bottom of a presentation chain, a navigation controller, a window) and the host that asked for it.
/// An operation runs when no earlier operation of the same target or host is still waiting and
/// nothing is animating on its target; otherwise it waits, and runs, in request order, as soon as
/// that transition ends. An idle target runs the operation before the request returns.
///
/// An operation whose purpose is gone by the time it could run (a frame that ended before it was
/// shown) is dropped: a coordinator finished during its own pending start is never presented.
@MainActor
final class UIKitOperationQueue {
    static let shared = UIKitOperationQueue()

    /// What keeps an operation from running now.
    enum Blocker {
        case transition(SimTransition)
        /// A window transition, which ends at this virtual time.
        case windowTransition(UIWindow, endsAt: Double)
        /// Operations restored from a snapshot, held by their gate until the run loop's next turn.
        case restoring(RestoreGate)

        var isRestoring: Bool {
            if case .restoring = self { true } else { false }
        }
    }

    /// Whether an operation nothing before it holds back is dropped, waits, or runs.
    enum Readiness {
        case obsolete
        case blocked(Blocker)
        case ready
    }

    /// Holds the operations of a restored snapshot until the run loop's next turn, so that the tree stays
    /// exactly as recorded until then. It stands for the transitions they waited for when the snapshot was
    /// taken: what is requested after them on their targets waits for it too, even once they are obsolete.
    @MainActor
    final class RestoreGate {
        private(set) var isOpen = false

        init() {
            SimRunLoop.main.perform { [self] in isOpen = true }
        }
    }

    /// The target or the requesting host of an operation, held weakly: once it is gone its key matches
    /// nothing, so an object later made at the same address does not wait behind its old operations (E21).
    struct Key {
        private let id: ObjectIdentifier
        private weak var object: AnyObject?

        init(_ object: AnyObject) {
            id = ObjectIdentifier(object)
            self.object = object
        }

        /// The identity of the object while it lives.
        var liveID: ObjectIdentifier? { object == nil ? nil : id }
    }

    /// The keys of one operation: its target and the host that requested it, either of which may be absent.
    /// Stored in the operation itself, so that an operation is one allocation.
    struct Keys: Sequence {
        private let target: Key?
        private let host: Key?

        /// An operation with no key: it waits only for what the queue holds back as a whole.
        static var none: Keys { Keys(nil) }

        init(_ target: AnyObject?, requestedBy host: AnyObject? = nil) {
            self.target = if let target { Key(target) } else { nil }
            self.host = if let host { Key(host) } else { nil }
        }

        func makeIterator() -> Iterator { Iterator(keys: self) }

        struct Iterator: IteratorProtocol {
            fileprivate let keys: Keys
            private var position = 0

            fileprivate init(keys: Keys) { self.keys = keys }

            mutating func next() -> Key? {
                while position < 2 {
                    position += 1
                    if let key = position == 1 ? keys.target : keys.host { return key }
                }
                return nil
            }
        }
    }

    /// One operation: the engine's kinds (showing a frame, a dismissal, a pop) are subclasses that read what
    /// they need from the objects they hold, so an operation is one allocation however often the queue looks
    /// at it; ``Custom`` makes one from closures.
    @MainActor
    class Operation {
        /// The target and the requesting host: operations sharing a live one run in order.
        let keys: Keys
        /// Whether it runs an adapter's code (a completion, a route's next step) rather than a UIKit
        /// operation: then it never runs inside an engine teardown.
        let runsAdapterCode: Bool
        /// Holds a restored snapshot's operations until the run loop's next turn.
        let gate: RestoreGate?

        init(keys: Keys, runsAdapterCode: Bool = false, gate: RestoreGate? = nil) {
            self.keys = keys
            self.runsAdapterCode = runsAdapterCode
            self.gate = gate
        }

        /// What the operation waits for (its gate while closed, then ``blocker()``), or nil when it can run.
        final func currentBlocker() -> Blocker? {
            if let closedGate { return closedGate }
            return blocker()
        }

        /// Its gate, while closed, as what it waits for.
        final var closedGate: Blocker? {
            if let gate, !gate.isOpen { return .restoring(gate) }
            return nil
        }

        /// What keeps the operation from running now, or nil when it can run.
        func blocker() -> Blocker? { nil }
        /// True when the operation has nothing left to do and is dropped unrun.
        var isObsolete: Bool { false }
        /// ``isObsolete`` and ``currentBlocker()`` together, for an operation nothing before it holds back; an
        /// operation whose two answers read the same state overrides it to read it once.
        func readiness() -> Readiness {
            if isObsolete { return .obsolete }
            if let blocker = currentBlocker() { return .blocked(blocker) }
            return .ready
        }
        /// Carries the operation out; called right after ``readiness()`` answered `.ready`.
        func run() {}
        /// What the operation takes off the screen, for snapshots of the queue; nil for other operations.
        var removal: QueuedRemoval? { nil }
        /// What the operation does, when SimUIKit's own logic says UIKit would carry it out at once if it
        /// were issued now; nil when UIKit would refuse it, cut a running transition short or defer it (E21).
        var acceptedByUIKitNow: String? { nil }
        /// The controller the operation will present, while it still will, for the planned presentation chain.
        var arrival: UIViewController? { nil }
    }

    /// An operation made of closures: the adapters' changes of contents and their completions.
    final class Custom: Operation {
        private let readBlocker: () -> Blocker?
        private let readIsObsolete: () -> Bool
        private let body: () -> Void
        private let readAcceptedByUIKitNow: () -> String?
        private let readArrival: () -> UIViewController?

        init(
            keys: Keys, blocker: @escaping () -> Blocker? = { nil }, isObsolete: @escaping () -> Bool = { false },
            run: @escaping () -> Void, acceptedByUIKitNow: @escaping () -> String? = { nil },
            runsAdapterCode: Bool = false, arrival: @escaping () -> UIViewController? = { nil }
        ) {
            readBlocker = blocker
            readIsObsolete = isObsolete
            body = run
            readAcceptedByUIKitNow = acceptedByUIKitNow
            readArrival = arrival
            super.init(keys: keys, runsAdapterCode: runsAdapterCode)
        }

        override func blocker() -> Blocker? { readBlocker() }
        override var isObsolete: Bool { readIsObsolete() }
        override func run() { body() }
        override var acceptedByUIKitNow: String? { readAcceptedByUIKitNow() }
        override var arrival: UIViewController? { readArrival() }
    }

    /// Whether a pass over the waiting operations runs, and whether it must look at them once more.
    private enum Pass {
        case idle
        case running
        /// Something changed while the pass ran (an operation was added, a transition ended): the pass runs
        /// once more before it stops.
        case runningAgain
    }

    // Read on every request, without exclusivity checks (see the host's state): no mutation of them runs other code.
    @exclusivity(unchecked) private var pending = Deque<Operation>()
    @exclusivity(unchecked) private var pass = Pass.idle
    /// Whether an engine teardown is under way: the adapters' operations wait, with what is behind them on
    /// their targets, so that no completion or route runs inside it.
    @exclusivity(unchecked) private var isHoldingAdapterCode = false
    /// Whether the teardown under way has held an operation back.
    @exclusivity(unchecked) private var heldAny = false
    /// Gates and windows the queue already waits on, so each is observed once (a transition records it itself):
    /// a few at a time, so a list. Held weakly and compared by identity: a window released before its
    /// transition ended must not stand for a new one that the allocator put at its address.
    @exclusivity(unchecked) private var observed: [Weak<AnyObject>] = []

    private init() {}

    /// Whether operations are waiting for a transition to end.
    var isEmpty: Bool { pending.isEmpty }

    /// Operations held back for a transition that UIKit itself would not have waited for (E21), described;
    /// recorded in builds with `INSECURITY_CHECKS` (this package's debug builds) only.
    private(set) var overDeferrals: [String] = []

    /// Adds `operation` after every operation requested before it, and runs what can run.
    func enqueue(_ operation: Operation) {
        enqueue(operation, readinessNow: operation.readiness())
    }

    /// `enqueue(_:)`, with `readinessNow` asked instead of the operation's ``Operation/readiness()`` if it is
    /// decided as it is requested (before anything else has run): an operation that read what it needs to be
    /// requested answers from that.
    func enqueue(_ operation: Operation, readinessNow: @autoclosure () -> Readiness) {
        #if INSECURITY_CHECKS
            recordOverDeferral(of: operation)
        #endif
        guard pending.isEmpty, case .idle = pass, !(isHoldingAdapterCode && operation.runsAdapterCode) else {
            pending.append(operation)
            runReadyOperations()
            return
        }
        // Nothing waits and no pass runs (the common case of an idle app): the operation is decided here, as a
        // pass over a queue holding only it would decide it, without entering the queue unless it must wait.
        switch readinessNow() {
        case .obsolete:
            return
        case .blocked(let blocker):
            pending.append(operation)
            wake(after: blocker)
        case .ready:
            runAtOnce(operation.run)
        }
    }

    /// Runs `body` before returning, as an operation requested of an idle queue runs, when nothing waits, no pass
    /// runs and `blocker` finds nothing to wait for; otherwise returns false without running it, and the caller
    /// enqueues the operation. An operation that runs at once is then never made.
    func runAtOnceIfIdle(unless blocker: () -> Blocker?, _ body: () -> Void) -> Bool {
        guard pending.isEmpty, case .idle = pass, blocker() == nil else { return false }
        runAtOnce(body)
        return true
    }

    /// Runs `body` as the only operation of a pass: what it requests meanwhile waits until it returns.
    private func runAtOnce(_ body: () -> Void) {
        pass = .running
        body()
        let requestedMeanwhile = pass == .runningAgain
        pass = .idle
        if requestedMeanwhile { runReadyOperations() }
    }

    /// Runs `body`, an engine teardown, while the adapters' operations wait (completions that would start
    /// routes, requested before it or during it); they run, in request order, as soon as it is over, before
    /// this returns. UIKit operations run as before, unless one of those is ahead of them on their target.
    func holdingAdapterCode<T>(_ body: () -> T) -> T {
        guard !isHoldingAdapterCode else { return body() }
        isHoldingAdapterCode = true
        let result = body()
        isHoldingAdapterCode = false
        if heldAny {
            heldAny = false
            runReadyOperations()
        }
        return result
    }

    /// Records `operation` when a transition holds it rather than an earlier operation, and UIKit would not
    /// have held it (E21).
    private func recordOverDeferral(of operation: Operation) {
        let liveKeys = Set(operation.keys.compactMap(\.liveID))
        if !pending.contains(where: { $0.keys.contains { $0.liveID.map(liveKeys.contains) ?? false } }),
            let blocker = operation.currentBlocker(), !blocker.isRestoring, let accepted = operation.acceptedByUIKitNow
        {
            overDeferrals.append("\(accepted) was held back for a transition UIKit would not have waited for")
        }
    }

    /// Returns the over-deferrals recorded so far and forgets them.
    func takeOverDeferrals() -> [String] {
        defer { overDeferrals.removeAll() }
        return overDeferrals
    }

    /// The presentation chain above `anchor` as the waiting operations will leave it: what is presented now
    /// and not leaving, less what queued dismissals take away, plus what queued presentations on it add, in
    /// request order.
    func plannedPresentationChain(above anchor: UIViewController) -> [UIViewController] {
        var chain: [UIViewController] = []
        var current = anchor.presentedViewController
        while let controller = current, !controller.isLeavingInDismissal {
            chain.append(controller)
            current = controller.presentedViewController
        }
        for operation in pending where !operation.isObsolete {
            if case .dismissal(let leaving, _)? = operation.removal,
                let index = chain.firstIndex(where: { $0 === leaving })
            {
                chain.removeSubrange(index...)
            } else if let arriving = operation.arrival,
                operation.keys.contains(where: { key in
                    key.liveID == ObjectIdentifier(anchor) || chain.contains { key.liveID == ObjectIdentifier($0) }
                })
            {
                chain.append(arriving)
            }
        }
        return chain
    }

    /// The removals still waiting, in request order.
    var queuedRemovals: [QueuedRemoval] {
        pending.filter { !$0.isObsolete }.compactMap(\.removal)
    }

    /// Drops every waiting operation (for a fresh simulated world between tests).
    func removeAll() {
        pending.removeAll()
        isHoldingAdapterCode = false
        heldAny = false
        observed.removeAll()
        overDeferrals.removeAll()
    }

    /// Runs, in request order, every operation whose target and host have nothing running or waiting
    /// before it. Operations requested while one runs are picked up by the same pass.
    private func runReadyOperations() {
        guard case .idle = pass else {
            pass = .runningAgain
            return
        }
        defer { pass = .idle }
        repeat {
            pass = .running
            // The live keys of the operations left waiting in this pass: what is behind them on those waits too.
            var blockedKeys: Set<ObjectIdentifier> = []
            var index = 0
            while index < pending.count {
                let operation = pending[index]
                let heldByTeardown = isHoldingAdapterCode && operation.runsAdapterCode
                let readiness: Readiness
                if heldByTeardown || Self.sharesLiveKey(operation, with: blockedKeys) {
                    // Held back by the teardown or by what waits before it: whether it is obsolete is all that
                    // matters now.
                    guard operation.isObsolete else {
                        if heldByTeardown { heldAny = true }
                        Self.insertLiveKeys(of: operation, into: &blockedKeys)
                        index += 1
                        continue
                    }
                    readiness = .obsolete
                } else {
                    readiness = operation.readiness()
                }
                switch readiness {
                case .obsolete:
                    // A restored operation stands for the transition it waited for in the snapshot until its
                    // gate opens, even once it has nothing left to do: what was requested after it on its
                    // target waits as it would have for that transition (X9, E19).
                    if let gate = operation.gate, !gate.isOpen {
                        wake(after: .restoring(gate))
                        Self.insertLiveKeys(of: operation, into: &blockedKeys)
                        index += 1
                    } else {
                        pending.remove(at: index)
                    }
                case .blocked(let blocker):
                    wake(after: blocker)
                    Self.insertLiveKeys(of: operation, into: &blockedKeys)
                    index += 1
                case .ready:
                    pending.remove(at: index)
                    operation.run()
                }
            }
        } while pass == .runningAgain
    }

    // Loops rather than closures over the keys: from main-actor code each closure call checks the executor, and
    // these run for every waiting operation at every pass.

    private static func insertLiveKeys(of operation: Operation, into keys: inout Set<ObjectIdentifier>) {
        for key in operation.keys {
            if let id = key.liveID { keys.insert(id) }
        }
    }

    private static func sharesLiveKey(_ operation: Operation, with keys: Set<ObjectIdentifier>) -> Bool {
        guard !keys.isEmpty else { return false }
        for key in operation.keys {
            if let id = key.liveID, keys.contains(id) { return true }
        }
        return false
    }

    /// The queue is a process-wide singleton, so the transitions and wake-up closures hold it strongly.
    private func wake(after blocker: Blocker) {
        switch blocker {
        case .transition(let transition):
            // The request goes with the transition if it is dropped before it ends (a gesture let go of), so a
            // new one made at its address is waited for afresh.
            guard transition.tellWhenEnded(self) else {
                SimRunLoop.main.perform { self.runReadyOperations() }
                return
            }
        case .restoring(let gate):
            // The gate opens in a block queued before this one.
            guard beginObserving(gate) else { return }
            SimRunLoop.main.perform { [weak gate] in
                self.endObserving(gate)
                self.runReadyOperations()
            }
        case .windowTransition(let window, let endsAt):
            guard beginObserving(window) else { return }
            SimRunLoop.main.perform(after: endsAt - SimRunLoop.main.now) { [weak window] in
                self.endObserving(window)
                self.runReadyOperations()
            }
        }
    }

    /// Records that the queue waits on `object`; false when it already does.
    private func beginObserving(_ object: AnyObject) -> Bool {
        // A loop, not `contains(where:)`: from main-actor code each closure call checks the executor.
        for entry in observed where entry.value === object { return false }
        if observed.count > 32 { observed.removeAll { $0.value == nil } }
        observed.append(Weak(object))
        return true
    }

    /// Forgets `object`; a wait whose object is gone was forgotten already (its entry no longer counts).
    private func endObserving(_ object: AnyObject?) {
        guard let object else { return }
        // A loop, not `firstIndex(where:)`: from main-actor code each closure call checks the executor.
        for index in observed.indices where observed[index].value === object {
            observed.remove(at: index)
            return
        }
    }
}

// MARK: Targets

extension UIKitOperationQueue {
    /// A presentation on `controller` waits for a presentation or dismissal running on it or on what it
    /// presents (it goes on top of that, A11): UIKit refuses it then, not during a push or pop (E21).
    static func blockerForPresentation(on controller: UIViewController?) -> Blocker? {
        guard let running = controller?.transitionHoldingPresentationChange(dismissing: false) else { return nil }
        return .transition(running)
    }

    /// A change of a container's contents waits for the transition UIKit would drop it for, queue it behind or
    /// cut short: on a navigation controller its push or pop animating or held by the finger, a conflicting
    /// presentation or dismissal (an alert, an action sheet, a custom or current-context presentation) on its
    /// chain, and for an animated change any other presentation or dismissal it takes part in (S6); on a tab
    /// bar controller a custom switch, on a page view controller a page turn, on a collapsed split view
    /// controller what holds its primary stack. A non-animated change during a presentation or dismissal that
    /// does not conflict is not delayed: UIKit applies it at once (E21).
    static func blockerForContentChange(of container: UIViewController?, animated: Bool) -> Blocker? {
        container?.transitionHoldingContentChange(animated: animated).map(Blocker.transition)
    }

    /// A dismissal from `presenter` waits for a presentation or dismissal running in its presentation chain,
    /// which UIKit refuses it for, and for a push or pop animating in what it removes (the controllers
    /// presented above `presenter` and their children), which it would cut short. A push or pop below it, on
    /// `presenter`'s own stack, does not delay it, nor does a non-animated one waiting for the next turn (E21).
    static func blockerForDismissal(from presenter: UIViewController?) -> Blocker? {
        guard let running = presenter?.transitionHoldingPresentationChange(dismissing: true) else { return nil }
        return .transition(running)
    }

    /// A change of `container`'s contents described, when SimUIKit would apply it now rather than defer,
    /// ignore or cut short something for it (E21).
    static func contentChangeAcceptedNow(_ what: String, on container: UIViewController?, animated: Bool) -> String? {
        guard let container, container.transitionHoldingContentChange(animated: animated) == nil else { return nil }
        return "\(what) on \(container.simDescription)"
    }

    /// A root change of `window` waits for the window transition that runs on it, and for a presentation or
    /// dismissal running in the chain it replaces, which it would cut short (E19). One requested inside the
    /// animations block of a transition starting on the window is what that transition animates: it waits
    /// for neither.
    static func blockerForRootChange(of window: UIWindow?) -> Blocker? {
        guard let window, !window.isApplyingTransitionAnimations else { return nil }
        if let running = window.runningTransition {
            return .windowTransition(window, endsAt: running.startTime + running.duration)
        }
        return blockerForPresentation(on: window.rootViewController)
    }
}

extension UIKitOperationQueue: SimTransitionEndWaiter {
    /// A transition an operation waited for ended.
    func transitionEnded() {
        runReadyOperations()
    }
}
