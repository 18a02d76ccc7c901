import Foundation

/// Keys for the two controllers of a transition.
public struct UITransitionContextViewControllerKey: Hashable, Sendable {
    let rawValue: String
    public static let from = UITransitionContextViewControllerKey(rawValue: "from")
    public static let to = UITransitionContextViewControllerKey(rawValue: "to")
}

/// What a transition tells the blocks given to its coordinator.
@MainActor
public protocol UIViewControllerTransitionCoordinatorContext: AnyObject {
    var isAnimated: Bool { get }
    var isInteractive: Bool { get }
    var initiallyInteractive: Bool { get }
    var isCancelled: Bool { get }
    var transitionDuration: TimeInterval { get }
    var percentComplete: CGFloat { get }
    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
}

/// The coordinator a controller exposes while it is part of a running transition.
@MainActor
public protocol UIViewControllerTransitionCoordinator: UIViewControllerTransitionCoordinatorContext {
    /// Runs `animation` alongside the transition (at once, in the simulation) and `completion` when it ends.
    @discardableResult
    func animate(
        alongsideTransition animation: (@MainActor (any UIViewControllerTransitionCoordinatorContext) -> Void)?,
        completion: (@MainActor (any UIViewControllerTransitionCoordinatorContext) -> Void)?
    ) -> Bool
    /// Calls `handler` when an interactive transition stops being interactive (finished or cancelled by the user).
    func notifyWhenInteractionChanges(
        _ handler: @escaping @MainActor (any UIViewControllerTransitionCoordinatorContext) -> Void)
}

/// For the engine: what a transition tells when it ends (see ``SimTransition/tellWhenEnded(_:)``).
@MainActor
package protocol SimTransitionEndWaiter: AnyObject {
    func transitionEnded()
}

/// One presentation, dismissal or navigation transition on the virtual clock.
@MainActor
package final class SimTransition: UIViewControllerTransitionCoordinator {
    package let isAnimated: Bool
    /// What is told when the transition ends (the engine's operation queue, which asks once however many of its
    /// operations wait for it), and where among the completions, in the order of asking, it is told. Read at
    /// every end, and only read or replaced whole, so without exclusivity checks.
    @exclusivity(unchecked) private var endWaiter: (waiter: any SimTransitionEndWaiter, position: Int)?
    /// What drives the transition when it starts: the clock, or the user's finger (an interactive start).
    private enum Driver {
        case clock
        case finger
    }

    private var firstDriver: Driver
    package var initiallyInteractive: Bool { firstDriver == .finger }
    package let transitionDuration: TimeInterval
    package var percentComplete: CGFloat = 0

    /// The transition whose custom animator is setting up its animations now: view animations started then
    /// follow its interaction (S23).
    private(set) static var drivingAnimations: SimTransition?

    /// The transition's life, one state at a time.
    private enum Life: Equatable {
        /// The user's finger drives it.
        case interacting
        /// It runs on the clock to its end: the end state, or back to the start when `cancelling`.
        case running(cancelling: Bool)
        /// It has ended; its completions have run.
        case ended(cancelled: Bool)
    }

    private var life: Life

    package var isInteractive: Bool { life == .interacting }
    package var isCancelled: Bool { life == .running(cancelling: true) || life == .ended(cancelled: true) }
    package var isFinished: Bool {
        if case .ended = life { return true }
        return false
    }
    private let from: UIViewController?
    private let to: UIViewController?
    /// The presentation style of a presentation or dismissal (the presented controller's); nil for a container's
    /// own transition (a push or pop, a tab switch, a page turn).
    let modalStyle: UIModalPresentationStyle?
    private var completions: [@MainActor (any UIViewControllerTransitionCoordinatorContext) -> Void] = []
    private var interactionHandlers: [@MainActor (any UIViewControllerTransitionCoordinatorContext) -> Void] = []
    /// View animations a custom animator started while the user drives the transition: they end, with whether
    /// the transition was cancelled, once the finger lets go and the rest of the transition has run.
    private var heldAnimations: [@MainActor (_ cancelled: Bool) -> Void] = []
    /// The custom animator that ends the transition by completing its context, and the controller that
    /// drives it interactively (S23).
    private var animator: (any UIViewControllerAnimatedTransitioning)?
    private var interaction: (any UIViewControllerInteractiveTransitioning)?
    /// The simulation's own work when the transition is cancelled, as soon as it is (the state UIKit reports
    /// goes back at once), before `onEnd`.
    var onCancel: (@MainActor () -> Void)?
    /// The simulation's own work at the end of the transition (callbacks, releases).
    private let onEnd: @MainActor (SimTransition) -> Void
    /// The `CATransaction`s open when an animated transition started wait for its end (S22); a non-animated one
    /// adds no animation, so no transaction waits for it.
    private let membership: TransactionMembership?

    init(
        from: UIViewController?,
        to: UIViewController?,
        animated: Bool,
        interactive: Bool = false,
        modalStyle: UIModalPresentationStyle? = nil,
        duration: TimeInterval,
        onEnd: @escaping @MainActor (SimTransition) -> Void
    ) {
        self.from = from
        self.to = to
        self.modalStyle = modalStyle
        self.isAnimated = animated
        self.life = interactive ? .interacting : .running(cancelling: false)
        self.firstDriver = interactive ? .finger : .clock
        self.transitionDuration = animated ? duration : 0
        self.membership = animated ? CATransaction.enlistStartingWork() : nil
        self.onEnd = onEnd
    }

    package func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
        key == .from ? from : to
    }

    @discardableResult
    package func animate(
        alongsideTransition animation: (@MainActor (any UIViewControllerTransitionCoordinatorContext) -> Void)?,
        completion: (@MainActor (any UIViewControllerTransitionCoordinatorContext) -> Void)?
    ) -> Bool {
        guard !isFinished else { return false }
        animation?(self)
        if let completion { completions.append(completion) }
        return true
    }

    /// Tells `waiter` once when the transition ends, after the completions given before it asked and before
    /// those given after, as a completion would be, without one to make: the engine's operation queue asks for
    /// every transition it waits for. Asking again changes nothing. Returns false when the transition has
    /// ended, or already tells another waiter (it tells one).
    package func tellWhenEnded(_ waiter: any SimTransitionEndWaiter) -> Bool {
        guard !isFinished else { return false }
        guard let endWaiter else {
            endWaiter = (waiter, completions.count)
            return true
        }
        return endWaiter.waiter === waiter
    }

    package func notifyWhenInteractionChanges(
        _ handler: @escaping @MainActor (any UIViewControllerTransitionCoordinatorContext) -> Void
    ) {
        interactionHandlers.append(handler)
    }

    /// Names the custom `animator` that will run the transition and the `interaction` controller that will
    /// drive it (S23), before observers are told that the change began, so that they see it start interactive.
    func prepare(
        animatedBy animator: (any UIViewControllerAnimatedTransitioning)?,
        interaction: (any UIViewControllerInteractiveTransitioning)?
    ) {
        self.animator = animator
        guard animator != nil, let interaction, interaction.wantsInteractiveStart, !isFinished else { return }
        self.interaction = interaction
        life = .interacting
        firstDriver = .finger
    }

    /// Starts the transition. A custom animator (see `prepare(animatedBy:interaction:)`) ends it when it
    /// completes its context, and an interaction controller drives it from the start. A transition the finger
    /// drives from the start (an edge swipe) waits for the user to let go. Otherwise it ends after its duration
    /// if animated; if not, now or on the run loop's next turn, as
    /// ``SimAnimation/nonAnimatedTiming`` says (S18). A change that no controller on screen takes part in has no
    /// callbacks to wait for and ends now.
    func run() {
        if let animator {
            let context = SimTransitionContext(self, animator: animator)
            if let interaction, isInteractive {
                interaction.startInteractiveTransition(context)
            } else {
                context.start()
            }
        } else if isInteractive {
            // The finger drives it: it ends only when the user lets go (`stopInteraction`), however long that is.
            return
        } else if isAnimated {
            scheduleEnd(after: transitionDuration)
        } else if SimAnimation.nonAnimatedTiming == .deferred,
            [from, to].contains(where: { $0.map { $0.appearance != .disappeared } ?? false })
        {
            SimRunLoop.main.perform { [self] in end() }
        } else {
            end()
        }
    }

    /// Runs `body` (an animator setting up its animations) with view animations bound to this transition.
    func bindingAnimations(_ body: () -> Void) {
        let previous = SimTransition.drivingAnimations
        SimTransition.drivingAnimations = self
        body()
        SimTransition.drivingAnimations = previous
    }

    /// Keeps a view animation's end until the user lets go (see `heldAnimations`).
    func holdAnimation(_ end: @escaping @MainActor (_ cancelled: Bool) -> Void) {
        heldAnimations.append(end)
    }

    /// Ends an interactive transition: the user let go, finishing it or cancelling it.
    func stopInteraction(cancelled: Bool) {
        guard life == .interacting else { return }
        life = .running(cancelling: cancelled)
        if cancelled { runCancelHook() }
        for handler in interactionHandlers { handler(self) }
        let remaining = transitionDuration * Double(cancelled ? percentComplete : 1 - percentComplete)
        if animator != nil {
            // The animator's held animations run to their end (or back), and its completion ends the transition.
            let held = heldAnimations
            heldAnimations.removeAll()
            let release: @MainActor () -> Void = { for end in held { end(cancelled) } }
            if remaining > 0 { SimRunLoop.main.perform(after: remaining, release) } else { release() }
        } else {
            scheduleEnd(after: remaining)
        }
    }

    /// Ends the transition now (also when a later change ends a non-animated one early, S18); `cancelled` ends it
    /// as a cancelled one (a custom animator completing its context with false).
    func end(cancelled: Bool? = nil) {
        guard !isFinished else { return }
        let wasCancelled = cancelled ?? isCancelled
        if wasCancelled { runCancelHook() }
        life = .ended(cancelled: wasCancelled)
        percentComplete = wasCancelled ? 0 : 1
        onEnd(self)
        // Nothing joins them now: the transition has ended.
        let ending = completions
        completions.removeAll()
        if let (waiter, position) = endWaiter {
            endWaiter = nil
            for (index, completion) in ending.enumerated() {
                if index == position { waiter.transitionEnded() }
                completion(self)
            }
            if position == ending.count { waiter.transitionEnded() }
        } else {
            for completion in ending { completion(self) }
        }
        interactionHandlers.removeAll()
        heldAnimations.removeAll()
        membership?.end()
    }

    private func runCancelHook() {
        let hook = onCancel
        onCancel = nil
        hook?()
    }

    private func scheduleEnd(after delay: TimeInterval) {
        if delay > 0 {
            SimRunLoop.main.perform(after: delay) { [self] in end() }
        } else {
            end()
        }
    }
}

extension SimTransition {
    /// Whether this presentation or dismissal makes `navigation` drop stack changes while it runs (S6): its style
    /// is custom (alerts, action sheets), current-context or over-current-context, and the controller it goes to
    /// is neither `navigation` nor one of its parents (UIKit's `_transitionConflictsWithNavigationTransitions:`;
    /// the predicate's block is not in the decompiled file, its reading as "is the controller transitioned to"
    /// is an inference).
    func conflictsWithStackChanges(of navigation: UIViewController) -> Bool {
        guard let modalStyle, [.custom, .currentContext, .overCurrentContext].contains(modalStyle) else { return false }
        var level: UIViewController? = navigation
        while let current = level {
            if current === to { return false }
            level = current.parent
        }
        return true
    }
}
