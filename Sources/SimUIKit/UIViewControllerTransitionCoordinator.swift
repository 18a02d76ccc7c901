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

/// One presentation, dismissal or navigation transition on the virtual clock.
@MainActor
final class SimTransition: UIViewControllerTransitionCoordinator {
    let isAnimated: Bool
    let initiallyInteractive: Bool
    let transitionDuration: TimeInterval
    var percentComplete: CGFloat = 0

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

    var isInteractive: Bool { life == .interacting }
    var isCancelled: Bool { life == .running(cancelling: true) || life == .ended(cancelled: true) }
    var isFinished: Bool {
        if case .ended = life { return true }
        return false
    }
    private let from: UIViewController?
    private let to: UIViewController?
    private var completions: [@MainActor (any UIViewControllerTransitionCoordinatorContext) -> Void] = []
    private var interactionHandlers: [@MainActor (any UIViewControllerTransitionCoordinatorContext) -> Void] = []
    /// The simulation's own work at the end of the transition (callbacks, releases).
    private let onEnd: @MainActor (SimTransition) -> Void

    init(
        from: UIViewController?,
        to: UIViewController?,
        animated: Bool,
        interactive: Bool = false,
        duration: TimeInterval,
        onEnd: @escaping @MainActor (SimTransition) -> Void
    ) {
        self.from = from
        self.to = to
        self.isAnimated = animated
        self.life = interactive ? .interacting : .running(cancelling: false)
        self.initiallyInteractive = interactive
        self.transitionDuration = animated ? duration : 0
        self.onEnd = onEnd
    }

    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
        key == .from ? from : to
    }

    func animate(
        alongsideTransition animation: (@MainActor (any UIViewControllerTransitionCoordinatorContext) -> Void)?,
        completion: (@MainActor (any UIViewControllerTransitionCoordinatorContext) -> Void)?
    ) -> Bool {
        guard !isFinished else { return false }
        animation?(self)
        if let completion { completions.append(completion) }
        return true
    }

    func notifyWhenInteractionChanges(
        _ handler: @escaping @MainActor (any UIViewControllerTransitionCoordinatorContext) -> Void
    ) {
        interactionHandlers.append(handler)
    }

    /// Starts a non-interactive transition: a custom `animator` ends it when it completes its context; else it
    /// ends after its duration if animated; if not, now or on the run loop's next turn, as
    /// ``SimAnimation/nonAnimatedTiming`` says (S18). A change that no controller on screen takes part in has no
    /// callbacks to wait for and ends now.
    func run(animatedBy animator: (any UIViewControllerAnimatedTransitioning)? = nil) {
        if let animator {
            // A custom animator ends the transition itself, by completing its context.
            SimTransitionContext(self, animator: animator).start()
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

    /// Ends an interactive transition: the user let go, finishing it or cancelling it.
    func stopInteraction(cancelled: Bool) {
        guard life == .interacting else { return }
        life = .running(cancelling: cancelled)
        for handler in interactionHandlers { handler(self) }
        let remaining = cancelled ? percentComplete : 1 - percentComplete
        scheduleEnd(after: transitionDuration * Double(remaining))
    }

    /// Ends the transition now (also used when a nested navigation operation cuts it short).
    func end() {
        guard !isFinished else { return }
        life = .ended(cancelled: isCancelled)
        percentComplete = isCancelled ? 0 : 1
        onEnd(self)
        for completion in completions { completion(self) }
        completions.removeAll()
        interactionHandlers.removeAll()
    }

    private func scheduleEnd(after delay: TimeInterval) {
        if delay > 0 {
            SimRunLoop.main.perform(after: delay) { [self] in end() }
        } else {
            end()
        }
    }
}
