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
@MainActor
open class UIViewPropertyAnimator: UIViewImplicitlyAnimating {
    public let duration: TimeInterval
    public private(set) var state = UIViewAnimatingState.inactive
    /// Whether the animator runs on the clock now (started or continued, and neither paused, stopped nor ended).
    public var isRunning: Bool { runningSince != nil }
    public var isReversed = false
    public var isInterruptible = true
    public var isUserInteractionEnabled = true
    public var pausesOnCompletion = false
    public let timingParameters: (any UITimingCurveProvider)?

    private var animations: [@MainActor () -> Void] = []
    private var completions: [@MainActor (UIViewAnimatingPosition) -> Void] = []
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

    /// How far the animation has run, 0 to 1. Setting it moves a paused animator there.
    public var fractionComplete: CGFloat {
        get {
            guard let runningSince, duration > 0 else { return fraction }
            let elapsed = CGFloat((SimRunLoop.main.now - runningSince.time) / duration)
            return min(1, max(0, runningSince.fraction + (isReversed ? -elapsed : elapsed)))
        }
        set {
            guard !isRunning else { return }
            fraction = min(1, max(0, newValue))
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

    public func finishAnimation(at finalPosition: UIViewAnimatingPosition) {
        guard state == .stopped else {
            SimWarnings.emit("finishAnimation(at:) was called on an animator that is not stopped; ignored.")
            return
        }
        finish(at: finalPosition)
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
        let remaining = duration * Double(isReversed ? fraction : 1 - fraction)
        runningSince = (SimRunLoop.main.now + delay, fraction)
        ViewAnimationClock.schedule(duration: delay + remaining) { [self] _ in
            guard generation == current, isRunning else { return }
            finish(at: isReversed ? .start : .end)
        }
    }

    private func finish(at position: UIViewAnimatingPosition) {
        generation += 1
        runningSince = nil
        fraction = position == .start ? 0 : position == .end ? 1 : fraction
        state = .inactive
        let ending = completions
        completions.removeAll()
        for completion in ending { completion(position) }
    }
}
