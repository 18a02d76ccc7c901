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
        case transition(any UIViewControllerTransitionCoordinator)
        /// A window transition, which ends at this virtual time.
        case windowTransition(UIWindow, endsAt: Double)
        /// Operations restored from a snapshot, held by their gate until the run loop's next turn.
        case restoring(RestoreGate)

        var isRestoring: Bool {
            if case .restoring = self { true } else { false }
        }
    }

    /// Holds the operations of a restored snapshot until the run loop's next turn, so that the tree stays
    /// exactly as recorded until then.
    @MainActor
    final class RestoreGate {
        private(set) var isOpen = false

        init() {
            SimRunLoop.main.perform { [self] in isOpen = true }
        }

        /// `blocker`, preceded by the gate while it is closed.
        func holding(_ blocker: @escaping () -> Blocker?) -> () -> Blocker? {
            { [self] in isOpen ? blocker() : .restoring(self) }
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

    struct Operation {
        /// The target and the requesting host: operations sharing a live one run in order.
        let keys: [Key]
        /// What the operation waits for, or nil when it can run.
        let blocker: () -> Blocker?
        /// True when the operation has nothing left to do and is dropped unrun.
        let isObsolete: () -> Bool
        let run: () -> Void
        /// What the operation takes off the screen, for snapshots of the queue; nil for other operations.
        var removal: () -> QueuedRemoval? = { nil }
        /// What the operation does, when SimUIKit's own logic says UIKit would carry it out at once if it
        /// were issued now; nil when UIKit would refuse it, cut a running transition short or defer it (E21).
        var acceptedByUIKitNow: () -> String? = { nil }
    }

    private var pending = Deque<Operation>()
    private var isRunning = false
    private var needsAnotherPass = false
    /// Transitions, gates and windows the queue already waits on, so each is observed once. Held weakly and
    /// compared by identity: a transition dropped before it ended (a gesture let go of) must not stand for
    /// a new one that the allocator put at its address.
    private var observed: [ObjectIdentifier: Weak<AnyObject>] = [:]

    private init() {}

    /// Whether operations are waiting for a transition to end.
    var isEmpty: Bool { pending.isEmpty }

    /// Operations held back for a transition that UIKit itself would not have waited for (E21), described.
    private(set) var overDeferrals: [String] = []

    /// Adds `operation` after every operation requested before it, and runs what can run.
    func enqueue(_ operation: Operation) {
        // Held by a transition rather than by an earlier operation: UIKit would have to agree (E21).
        let liveKeys = Set(operation.keys.compactMap(\.liveID))
        if !pending.contains(where: { $0.keys.contains { $0.liveID.map(liveKeys.contains) ?? false } }),
            let blocker = operation.blocker(), !blocker.isRestoring, let accepted = operation.acceptedByUIKitNow()
        {
            overDeferrals.append("\(accepted) was held back for a transition UIKit would not have waited for")
        }
        pending.append(operation)
        runReadyOperations()
    }

    /// Returns the over-deferrals recorded so far and forgets them.
    func takeOverDeferrals() -> [String] {
        defer { overDeferrals.removeAll() }
        return overDeferrals
    }

    /// The removals still waiting, in request order.
    var queuedRemovals: [QueuedRemoval] {
        pending.filter { !$0.isObsolete() }.compactMap { $0.removal() }
    }

    /// Drops every waiting operation (for a fresh simulated world between tests).
    func removeAll() {
        pending.removeAll()
        observed.removeAll()
        overDeferrals.removeAll()
    }

    /// Runs, in request order, every operation whose target and host have nothing running or waiting
    /// before it. Operations requested while one runs are picked up by the same pass.
    private func runReadyOperations() {
        guard !isRunning else {
            needsAnotherPass = true
            return
        }
        isRunning = true
        defer { isRunning = false }
        repeat {
            needsAnotherPass = false
            var blockedKeys: Set<ObjectIdentifier> = []
            var index = 0
            while index < pending.count {
                let operation = pending[index]
                if operation.isObsolete() {
                    pending.remove(at: index)
                    continue
                }
                let keys = operation.keys.compactMap(\.liveID)
                if keys.contains(where: blockedKeys.contains) {
                    blockedKeys.formUnion(keys)
                    index += 1
                    continue
                }
                if let blocker = operation.blocker() {
                    wake(after: blocker)
                    blockedKeys.formUnion(keys)
                    index += 1
                    continue
                }
                pending.remove(at: index)
                operation.run()
            }
        } while needsAnotherPass
    }

    /// The queue is a process-wide singleton, so the wake-up closures hold it strongly.
    private func wake(after blocker: Blocker) {
        switch blocker {
        case .transition(let transition):
            guard beginObserving(transition) else { return }
            let observing = transition.animate(alongsideTransition: nil) { [weak transition] _ in
                self.endObserving(transition)
                self.runReadyOperations()
            }
            if !observing {
                endObserving(transition)
                SimRunLoop.main.perform { self.runReadyOperations() }
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
        let id = ObjectIdentifier(object)
        if let current = observed[id]?.value, current === object { return false }
        if observed.count > 32 { observed = observed.filter { $0.value.value != nil } }
        observed[id] = Weak(object)
        return true
    }

    /// Forgets `object`; a wait whose object is gone was forgotten already (its entry no longer counts).
    private func endObserving(_ object: AnyObject?) {
        guard let object else { return }
        let id = ObjectIdentifier(object)
        if observed[id]?.value.map({ $0 === object }) ?? true { observed.removeValue(forKey: id) }
    }
}

// MARK: Targets

extension UIKitOperationQueue {
    /// The controller that presents on `controller`'s behalf (its outermost container, as UIKit does).
    /// The controller a presentation requested on `controller` is handed to: the topmost controller presented
    /// above it, or its presentation anchor when it presents nothing. Everything presenting from one
    /// controller shares its chain, so a second presentation goes on top of the first (A11).
    static func topPresenter(above controller: UIViewController) -> UIViewController {
        var top = controller.presentationAnchor
        while let presented = top.presentedViewController { top = presented }
        return top
    }

    /// A presentation on `controller` waits for a presentation or dismissal running on it or on what it
    /// presents (it goes on top of that, A11): UIKit refuses it then, not during a push or pop (E21).
    static func blockerForPresentation(on controller: UIViewController?) -> Blocker? {
        var current = controller
        while let presenter = current {
            if let running = presenter.presentationTransitionCoordinator { return .transition(running) }
            current = presenter.presentedViewController
        }
        return nil
    }

    /// A change of a container's contents waits for the transition UIKit would cut short or refuse it for:
    /// on a navigation controller the push or pop animating on it and an animated presentation it makes
    /// (S6), on a tab bar controller a custom switch, on a page view controller a page turn, on a collapsed
    /// split view controller what holds its primary stack. Being presented, or a dismissal, does not delay
    /// it (E21).
    static func blockerForContentChange(of container: UIViewController?) -> Blocker? {
        container?.transitionHoldingContentChanges.map(Blocker.transition)
    }

    /// A dismissal from `presenter` waits for a presentation or dismissal running in its presentation chain,
    /// which UIKit refuses it for, and for a push or pop animating in what it removes (the controllers
    /// presented above `presenter` and their children), which it would cut short. A push or pop below it, on
    /// `presenter`'s own stack, does not delay it, nor does a non-animated one waiting for the next turn (E21).
    static func blockerForDismissal(from presenter: UIViewController?) -> Blocker? {
        if let refusing = blockerForPresentation(on: presenter) { return refusing }
        var removed: [UIViewController] = []
        var presented = presenter?.presentedViewController
        while let controller = presented {
            removed.append(controller)
            presented = controller.presentedViewController
        }
        while let controller = removed.popLast() {
            if let navigation = controller as? UINavigationController,
                let running = navigation.stackTransitionCoordinator
            {
                return .transition(running)
            }
            removed.append(contentsOf: controller.children)
        }
        return nil
    }

    /// A change of `container`'s contents described, when SimUIKit would apply it now rather than defer,
    /// ignore or cut short something for it (E21).
    static func contentChangeAcceptedNow(_ what: String, on container: UIViewController?) -> String? {
        guard let container, container.transitionHoldingContentChanges == nil else { return nil }
        return "\(what) on \(container.simDescription)"
    }

    /// A root change of `window` waits for the window transition that runs on it.
    static func blockerForRootChange(of window: UIWindow?) -> Blocker? {
        guard let window, let running = window.runningTransition else { return nil }
        return .windowTransition(window, endsAt: running.startTime + running.duration)
    }
}

/// A removal waiting in the queue: what a snapshot taken now records, and what its import runs again.
@_spi(Adapters)
public enum QueuedRemoval {
    /// Dismisses `controller` and everything presented above it.
    case dismissal(of: UIViewController, animated: Bool)
    /// Pops `navigation`'s stack down to `controller`.
    case pop(UINavigationController, to: UIViewController, animated: Bool)
}

/// For adapters: UIKit operations of their own, ordered with the engine's on the same target (E19).
@_spi(Adapters)
@MainActor
public enum UIKitOperations {
    /// The dismissals and pops waiting for a transition to end, in request order.
    public static var queuedRemovals: [QueuedRemoval] { UIKitOperationQueue.shared.queuedRemovals }

    /// For importers: queues what was waiting when a snapshot was taken, `removals` in their order, then
    /// the frames of `hosts` that were waiting to be shown. Nothing runs before the run loop's next turn,
    /// so the restored tree is exactly the snapshot's until then; operations requested meanwhile run after.
    public static func resumeRestored(_ removals: [QueuedRemoval], hosts: [InsecurityHost]) {
        let gate = UIKitOperationQueue.RestoreGate()
        for removal in removals {
            switch removal {
            case .dismissal(let controller, let animated):
                dismiss(controller, animated: animated, keys: [], gate: gate)
            case .pop(let navigation, let controller, let animated):
                pop(navigation, to: controller, animated: animated, gate: gate)
            }
        }
        for host in hosts { host.showRestoredWaitingFrames(gate: gate) }
    }

    /// Dismisses `controller` and everything above it once its presentation chain is idle; nothing
    /// happens when it is no longer presented by then. Frames among them end, as when app code dismisses.
    public static func dismiss(_ controller: UIViewController, animated: Bool) {
        dismiss(controller, animated: animated, keys: [], gate: nil)
    }

    static func dismiss(
        _ controller: UIViewController, animated: Bool, keys extraKeys: [UIKitOperationQueue.Key],
        gate: UIKitOperationQueue.RestoreGate? = nil
    ) {
        guard let presenter = controller.presentingViewController else { return }
        let blocker = { [weak controller] in
            UIKitOperationQueue.blockerForDismissal(from: controller?.presentingViewController)
        }
        UIKitOperationQueue.shared.enqueue(
            .init(
                keys: extraKeys + [UIKitOperationQueue.Key(presenter)],
                blocker: gate?.holding(blocker) ?? blocker,
                isObsolete: { [weak controller] in controller?.presentingViewController == nil },
                run: { [weak controller] in
                    guard let controller, let presenter = controller.presentingViewController else { return }
                    presenter.dismiss(animated: animated)
                },
                removal: { [weak controller] in controller.map { .dismissal(of: $0, animated: animated) } },
                acceptedByUIKitNow: { [weak controller] in
                    guard let controller, let presenter = controller.presentingViewController,
                        !presenter.wouldRefuseOrCutShortDismissal
                    else { return nil }
                    return "dismissing \(controller.simDescription)"
                }
            ))
    }

    /// Pops `navigation`'s stack down to `controller` once no transition runs on it; nothing happens when
    /// `controller` has left the stack or is already on top.
    public static func pop(_ navigation: UINavigationController, to controller: UIViewController, animated: Bool) {
        pop(navigation, to: controller, animated: animated, gate: nil)
    }

    static func pop(
        _ navigation: UINavigationController, to controller: UIViewController, animated: Bool,
        keys extraKeys: [UIKitOperationQueue.Key] = [], gate: UIKitOperationQueue.RestoreGate?
    ) {
        let blocker = { [weak navigation] in UIKitOperationQueue.blockerForContentChange(of: navigation) }
        // Whether the pop still has something to do is decided when it runs: operations before it may
        // put `controller` on the stack or push above it.
        UIKitOperationQueue.shared.enqueue(
            .init(
                keys: extraKeys + [UIKitOperationQueue.Key(navigation)],
                blocker: gate?.holding(blocker) ?? blocker,
                isObsolete: { [weak navigation, weak controller] in navigation == nil || controller == nil },
                run: { [weak navigation, weak controller] in
                    // A controller that left the stack may keep its parent until its transition ends; popping
                    // to it would raise (S17).
                    guard let navigation, let controller, navigation.holds(controller),
                        navigation.topViewController !== controller
                    else { return }
                    navigation.popToViewController(controller, animated: animated)
                },
                removal: { [weak navigation, weak controller] in
                    guard let navigation, let controller, navigation.holds(controller) else { return nil }
                    return .pop(navigation, to: controller, animated: animated)
                },
                acceptedByUIKitNow: { [weak navigation] in
                    UIKitOperationQueue.contentChangeAcceptedNow("a pop", on: navigation)
                }
            ))
    }

    /// Runs `body` on `container` after every operation requested before it on that container, once no
    /// transition runs in it that UIKit would cut short or refuse the change for (E19): a navigation
    /// controller's push or pop, a tab bar controller's custom switch, a page view controller's page turn, a
    /// collapsed split view controller's primary stack. An idle container runs it before this returns (E21).
    /// `what` names the change in E21's reports.
    public static func perform<Container: UIViewController>(
        on container: Container, _ what: String = "a change of contents",
        _ body: @escaping @MainActor (Container) -> Void
    ) {
        UIKitOperationQueue.shared.enqueue(
            .init(
                keys: [UIKitOperationQueue.Key(container)],
                blocker: { [weak container] in UIKitOperationQueue.blockerForContentChange(of: container) },
                isObsolete: { [weak container] in container == nil },
                run: { [weak container] in container.map(body) },
                acceptedByUIKitNow: { [weak container] in
                    UIKitOperationQueue.contentChangeAcceptedNow(what, on: container)
                }
            )
        )
    }

    /// Runs `body` once every operation requested before it on `controller`'s presentation chain has run
    /// and its transitions have ended (a dismissal's completion, for instance).
    public static func afterPresentations(on controller: UIViewController, _ body: @escaping @MainActor () -> Void) {
        let anchor = controller.presentationAnchor
        UIKitOperationQueue.shared.enqueue(
            .init(
                keys: [UIKitOperationQueue.Key(anchor)],
                blocker: { [weak anchor] in UIKitOperationQueue.blockerForDismissal(from: anchor) },
                isObsolete: { false },
                run: body
            )
        )
    }

    /// Runs `body` once the transitions that the operations requested before it on `container` start have
    /// ended: the completion of a push, a stack replacement, a tab switch or a page turn, called after the
    /// animation as UIKit's own completions are, and at once when nothing is waiting or running.
    public static func afterContentChanges(of container: UIViewController, _ body: @escaping @MainActor () -> Void) {
        UIKitOperationQueue.shared.enqueue(
            .init(
                keys: [UIKitOperationQueue.Key(container)],
                blocker: { [weak container] in
                    guard let container else { return nil }
                    let running =
                        (container as? UINavigationController)?.stackTransitionCoordinator
                        ?? container.transitionHoldingContentChanges
                    return running.map(UIKitOperationQueue.Blocker.transition)
                },
                isObsolete: { false },
                run: body
            )
        )
    }
}

/// The engine's process-wide state, for test harnesses that give every test a fresh simulated world.
@MainActor
public enum InsecurityWorld {
    /// Whether UIKit operations are waiting in the engine's queue (E19).
    public static var hasPendingOperations: Bool { !UIKitOperationQueue.shared.isEmpty }

    /// The operations the engine's queue held back since the last call although UIKit would have carried
    /// them out at once (E21): empty when the queue delays only what UIKit refuses, cuts short or defers.
    public static func takeOverDeferrals() -> [String] {
        UIKitOperationQueue.shared.takeOverDeferrals()
    }

    /// Drops waiting UIKit operations and turns strict mode off. Call it only between tests, with the
    /// run loop reset: live chains lose the operations they were waiting for.
    public static func reset() {
        UIKitOperationQueue.shared.removeAll()
        InsecurityDiagnostics.isStrict = false
    }
}
