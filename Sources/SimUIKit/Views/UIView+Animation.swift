import Foundation

/// When the end of a view animation comes: on the virtual clock, or, for an animation an interactive
/// transition's animator starts, when the finger lets go and the rest of the transition has run (S23).
/// Every animation also belongs to the `CATransaction`s open when it starts (S22).
@MainActor
enum ViewAnimationClock {
    /// How many times an animatable property was set, so that an animation block can tell whether it added
    /// any animation.
    private static var animatableChanges = 0

    static func noteAnimatableChange() { animatableChanges &+= 1 }

    /// Runs `animations` and says whether it set any animatable property.
    static func addsAnimations(_ animations: () -> Void) -> Bool {
        let before = animatableChanges
        animations()
        return animatableChanges != before
    }

    /// Calls `end` once, with whether the animation was cancelled (an interactive transition the user let go
    /// of early runs its animations back to their start).
    static func schedule(duration: TimeInterval, _ end: @escaping @MainActor (_ cancelled: Bool) -> Void) {
        let membership = CATransaction.enlistStartingWork()
        let finish: @MainActor (Bool) -> Void = { cancelled in
            end(cancelled)
            membership?.end()
        }
        if let transition = SimTransition.drivingAnimations, transition.isInteractive {
            transition.holdAnimation(finish)
        } else if duration > 0 {
            SimRunLoop.main.perform(after: duration) { finish(false) }
        } else {
            finish(false)
        }
    }
}

extension UIView {
    /// Runs `animations` now (the values change at once, as UIKit's model values do) and `completion` after
    /// `delay + duration` virtual seconds. A block that sets no animatable property adds no animation: the
    /// completion runs on the run loop's next turn, finished, and no `CATransaction` waits for it (S22, UIKit's
    /// `_didEndBlockAnimation:finished:context:` dispatches it to the main queue).
    public static func animate(
        withDuration duration: TimeInterval,
        delay: TimeInterval,
        options: AnimationOptions = [],
        animations: @escaping @MainActor () -> Void,
        completion: (@MainActor (Bool) -> Void)? = nil
    ) {
        guard ViewAnimationClock.addsAnimations(animations) else {
            SimRunLoop.main.perform { completion?(true) }
            return
        }
        ViewAnimationClock.schedule(duration: max(0, delay) + max(0, duration)) { _ in completion?(true) }
    }

    /// `animate(withDuration:delay: 0, options: [], animations:completion:)`.
    public static func animate(
        withDuration duration: TimeInterval,
        animations: @escaping @MainActor () -> Void,
        completion: (@MainActor (Bool) -> Void)? = nil
    ) {
        animate(withDuration: duration, delay: 0, animations: animations, completion: completion)
    }

    /// A spring animation: timed like any other (the spring's shape is not simulated).
    public static func animate(
        withDuration duration: TimeInterval,
        delay: TimeInterval,
        usingSpringWithDamping dampingRatio: CGFloat,
        initialSpringVelocity velocity: CGFloat,
        options: AnimationOptions = [],
        animations: @escaping @MainActor () -> Void,
        completion: (@MainActor (Bool) -> Void)? = nil
    ) {
        animate(withDuration: duration, delay: delay, options: options, animations: animations, completion: completion)
    }

    /// Runs `actionsWithoutAnimation` now.
    public static func performWithoutAnimation(_ actionsWithoutAnimation: @MainActor () -> Void) {
        actionsWithoutAnimation()
    }

    /// Options for ``animateKeyframes(withDuration:delay:options:animations:completion:)`` (recorded only).
    public struct KeyframeAnimationOptions: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let calculationModeLinear = KeyframeAnimationOptions([])
        public static let calculationModeDiscrete = KeyframeAnimationOptions(rawValue: 1 << 10)
        public static let calculationModePaced = KeyframeAnimationOptions(rawValue: 2 << 10)
        public static let calculationModeCubic = KeyframeAnimationOptions(rawValue: 3 << 10)
    }

    /// Runs `animations`, and every keyframe it adds with ``addKeyframe(withRelativeStartTime:relativeDuration:animations:)``,
    /// now; `completion` runs after `delay + duration` virtual seconds.
    public static func animateKeyframes(
        withDuration duration: TimeInterval,
        delay: TimeInterval,
        options: KeyframeAnimationOptions = [],
        animations: @escaping @MainActor () -> Void,
        completion: (@MainActor (Bool) -> Void)? = nil
    ) {
        animate(withDuration: duration, delay: delay, animations: animations, completion: completion)
    }

    /// A keyframe of the enclosing keyframe animation: its values are set at once, as every animation's are.
    public static func addKeyframe(
        withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
        animations: @MainActor () -> Void
    ) {
        animations()
    }

    /// Replaces `fromView` with `toView` in `fromView`'s superview, running the transition for `duration`
    /// virtual seconds on the superview; `completion` runs at its end.
    public static func transition(
        from fromView: UIView, to toView: UIView, duration: TimeInterval, options: AnimationOptions = [],
        completion: (@MainActor (Bool) -> Void)? = nil
    ) {
        guard let container = fromView.superview else {
            completion?(true)
            return
        }
        transition(
            with: container, duration: duration, options: options,
            animations: {
                if let index = container.subviews.firstIndex(where: { $0 === fromView }) {
                    container.insertSubview(toView, at: index)
                }
                fromView.removeFromSuperview()
            }, completion: completion)
    }
}
