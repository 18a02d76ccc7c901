import Foundation

/// The state of an animator: not started, started (running or paused), or stopped awaiting
/// ``UIViewAnimating/finishAnimation(at:)``.
public enum UIViewAnimatingState: Int, Sendable {
    case inactive, active, stopped
}

/// Where an animation ended: at its end values, its start values, or where it was stopped.
public enum UIViewAnimatingPosition: Int, Sendable {
    case end, start, current
}

/// An animation that can be started, paused, scrubbed and stopped.
@MainActor
public protocol UIViewAnimating: AnyObject {
    var state: UIViewAnimatingState { get }
    var isRunning: Bool { get }
    var isReversed: Bool { get set }
    var fractionComplete: CGFloat { get set }
    func startAnimation()
    func startAnimation(afterDelay delay: TimeInterval)
    func pauseAnimation()
    func stopAnimation(_ withoutFinishing: Bool)
    func finishAnimation(at finalPosition: UIViewAnimatingPosition)
}

/// Supplies the timing curve of an animation (recorded only).
@MainActor
public protocol UITimingCurveProvider: AnyObject {}

/// A cubic Bézier timing curve (recorded only).
@MainActor
public final class UICubicTimingParameters: UITimingCurveProvider {
    public let animationCurve: UIView.AnimationCurve
    public init(animationCurve curve: UIView.AnimationCurve = .easeInOut) { animationCurve = curve }
}

/// A spring timing curve (recorded only).
@MainActor
public final class UISpringTimingParameters: UITimingCurveProvider {
    public let dampingRatio: CGFloat
    public init(dampingRatio ratio: CGFloat = 1) { dampingRatio = ratio }
}

/// An animator to which animations and completions can be added after it was made: what an interruptible
/// transition animator returns. The methods UIKit marks optional have empty defaults.
@MainActor
public protocol UIViewImplicitlyAnimating: UIViewAnimating {
    func addAnimations(_ animation: @escaping @MainActor () -> Void)
    func addAnimations(_ animation: @escaping @MainActor () -> Void, delayFactor: CGFloat)
    func addCompletion(_ completion: @escaping @MainActor (UIViewAnimatingPosition) -> Void)
    func continueAnimation(withTimingParameters parameters: (any UITimingCurveProvider)?, durationFactor: CGFloat)
}

extension UIViewImplicitlyAnimating {
    public func addAnimations(_ animation: @escaping @MainActor () -> Void) {}
    public func addAnimations(_ animation: @escaping @MainActor () -> Void, delayFactor: CGFloat) {}
    public func addCompletion(_ completion: @escaping @MainActor (UIViewAnimatingPosition) -> Void) {}
    public func continueAnimation(
        withTimingParameters parameters: (any UITimingCurveProvider)?, durationFactor: CGFloat
    ) {}
}

/// An animator of view properties on the virtual clock (S24). Its animation blocks run when it first starts or
/// pauses (the values change at once, as UIKit's model values do); its completions run with the position it
/// ended at. Started by the animator of an interactive transition, it follows the finger: it stays paused
/// while the user drags, then ends at `.end` when the transition finishes or `.start` when it is cancelled.
///
/// As UIKit's `UIViewPropertyAnimator` does (decompiled iOS 26.1): `fractionComplete` is the progress towards
/// the current end, so reversing mirrors it; setting it on an inactive animator that has animations starts it
/// paused; `pausesOnCompletion` pauses at the end instead of completing; `finishAnimation(at:)` on an animator
/// that is not stopped raises, and so does releasing one that is paused or stopped.
@MainActor
open class UIViewPropertyAnimator: UIViewImplicitlyAnimating {
    public let duration: TimeInterval
    public private(set) var state = UIViewAnimatingState.inactive
    /// Whether the animator runs on the clock now (started or continued, and neither paused, stopped nor ended).
    public var isRunning: Bool { runningSince != nil }
    /// Whether the animation runs back to its start. Changing it mirrors ``fractionComplete``; UIKit ignores it
    /// on an animator that is stopped, or inactive with no animations.
    public var isReversed: Bool {
        get { reversed }
        set {
            guard newValue != reversed, state == .active || (state == .inactive && !animations.isEmpty) else { return }
            let progress = fractionComplete
            let wasRunning = isRunning
            reversed = newValue
            fraction = 1 - progress
            runningSince = nil
            if wasRunning { run(after: 0) }
        }
    }
    public var isInterruptible = true
    public var isUserInteractionEnabled = true
    /// When set, the animator pauses at its end instead of completing; UIKit raises when it is set on an animator
    /// that cannot be interrupted.
    public var pausesOnCompletion = false {
        didSet {
            guard pausesOnCompletion, !isInterruptible else { return }
            pausesOnCompletion = false
            SimExceptions.raise(
                SimException.generic,
                "It is not allowed to set the pausesOnCompletion property on a non-interruptible animator (\(self))")
        }
    }
    public let timingParameters: (any UITimingCurveProvider)?

    private var reversed = false
    /// Whether the animator paused at its end because of ``pausesOnCompletion``.
    private var pausedOnCompletion = false
    private var animations: [@MainActor () -> Void] = []
    private var completions: [@MainActor (UIViewAnimatingPosition) -> Void] = []
    /// The progress towards the current end when not running, or when the running stretch started.
    private var fraction: CGFloat = 0
    /// When the running stretch started, and the fraction it started from.
    private var runningSince: (time: TimeInterval, fraction: CGFloat)?
    /// Tells a scheduled end whether it is still the current one.
    private var generation = 0

    public init(duration: TimeInterval, timingParameters parameters: any UITimingCurveProvider) {
        self.duration = duration
        timingParameters = parameters
    }

    public init(duration: TimeInterval, curve: UIView.AnimationCurve, animations: (@MainActor () -> Void)? = nil) {
        self.duration = duration
        timingParameters = UICubicTimingParameters(animationCurve: curve)
        if let animations { self.animations.append(animations) }
    }

    public init(duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (@MainActor () -> Void)? = nil) {
        self.duration = duration
        timingParameters = UISpringTimingParameters(dampingRatio: ratio)
        if let animations { self.animations.append(animations) }
    }

    /// Makes an animator and starts it after `delay`.
    open class func runningPropertyAnimator(
        withDuration duration: TimeInterval,
        delay: TimeInterval,
        options: UIView.AnimationOptions,
        animations: @escaping @MainActor () -> Void,
        completion: (@MainActor (UIViewAnimatingPosition) -> Void)? = nil
    ) -> UIViewPropertyAnimator {
        let animator = UIViewPropertyAnimator(duration: duration, curve: .easeInOut, animations: animations)
        if let completion { animator.addCompletion(completion) }
        animator.startAnimation(afterDelay: delay)
        return animator
    }

    /// How far the animation has run towards its current end, 0 to 1. Setting it moves the animation there: an
    /// inactive animator that has animations becomes active and paused, a running one goes on from there; a
    /// stopped one, or an inactive one with no animations, ignores it.
    public var fractionComplete: CGFloat {
        get {
            guard let runningSince, duration > 0 else { return fraction }
            let elapsed = CGFloat((SimRunLoop.main.now - runningSince.time) / duration)
            return min(1, max(0, runningSince.fraction + elapsed))
        }
        set {
            let value = min(1, max(0, newValue))
            switch state {
            case .stopped:
                return
            case .inactive:
                guard !animations.isEmpty else { return }
                activate()
                fraction = value
            case .active:
                let wasRunning = isRunning
                runningSince = nil
                generation += 1
                fraction = value
                if wasRunning { run(after: 0) }
            }
        }
    }

    public func addAnimations(_ animation: @escaping @MainActor () -> Void) {
        if state == .inactive { animations.append(animation) } else { animation() }
    }

    public func addAnimations(_ animation: @escaping @MainActor () -> Void, delayFactor: CGFloat) {
        addAnimations(animation)
    }

    public func addCompletion(_ completion: @escaping @MainActor (UIViewAnimatingPosition) -> Void) {
        completions.append(completion)
    }

    public func startAnimation() {
        startAnimation(afterDelay: 0)
    }

    public func startAnimation(afterDelay delay: TimeInterval) {
        guard state != .stopped, !isRunning else { return }
        activate()
        if let transition = SimTransition.drivingAnimations, transition.isInteractive {
            // Driven by the finger until it lets go, then run to the end or back to the start.
            generation += 1
            let current = generation
            transition.holdAnimation { [self] cancelled in
                guard generation == current, state == .active else { return }
                finish(at: cancelled ? .start : .end)
            }
            return
        }
        run(after: delay)
    }

    public func pauseAnimation() {
        guard state != .stopped else { return }
        activate()
        fraction = fractionComplete
        runningSince = nil
        generation += 1
    }

    public func continueAnimation(
        withTimingParameters parameters: (any UITimingCurveProvider)?, durationFactor: CGFloat
    ) {
        guard state == .active, !isRunning else { return }
        pausedOnCompletion = false
        run(after: 0)
    }

    public func stopAnimation(_ withoutFinishing: Bool) {
        guard state == .active else { return }
        fraction = fractionComplete
        runningSince = nil
        generation += 1
        state = .stopped
        if withoutFinishing {
            state = .inactive
            completions.removeAll()
        }
    }

    /// Ends a stopped animator at `finalPosition` and runs its completions. On an animator that is not stopped
    /// UIKit raises (an inactive one with no animations ignores the call).
    public func finishAnimation(at finalPosition: UIViewAnimatingPosition) {
        guard state == .stopped else {
            if state == .active || !animations.isEmpty {
                SimExceptions.raise(
                    SimException.internalInconsistency,
                    "finishAnimationAtPosition: should only be called on a stopped animator!")
            }
            return
        }
        finish(at: finalPosition)
    }

    /// UIKit raises when a paused or stopped animator is released: it must finish, or be stopped and finished.
    isolated deinit {
        let paused = state == .active && runningSince == nil
        guard paused || state == .stopped else { return }
        let opening =
            pausedOnCompletion
            ? "It is an error to release a property animator that has paused on completion."
            : "It is an error to release a paused or stopped property animator."
        SimExceptions.raise(
            SimException.internalInconsistency,
            "\(opening) Property animators must either finish animating or be explicitly stopped and finished before they can be released."
        )
    }

    /// Runs the animation blocks the first time the animator becomes active.
    private func activate() {
        guard state == .inactive else { return }
        state = .active
        let blocks = animations
        animations.removeAll()
        for block in blocks { block() }
    }

    private func run(after delay: TimeInterval) {
        generation += 1
        let current = generation
        let remaining = duration * Double(1 - fraction)
        runningSince = (SimRunLoop.main.now + delay, fraction)
        ViewAnimationClock.schedule(duration: delay + remaining) { [self] _ in
            guard generation == current, isRunning else { return }
            if pausesOnCompletion {
                // Paused at the end, completions not run: the app continues, reverses or stops it.
                fraction = 1
                runningSince = nil
                generation += 1
                pausedOnCompletion = true
                return
            }
            finish(at: reversed ? .start : .end)
        }
    }

    /// Ends the animation at `position` and runs the completions; an inactive animator reports no progress.
    private func finish(at position: UIViewAnimatingPosition) {
        generation += 1
        runningSince = nil
        fraction = 0
        pausedOnCompletion = false
        state = .inactive
        let ending = completions
        completions.removeAll()
        for completion in ending { completion(position) }
    }
}
