import Foundation

/// Durations of the simulated animations, in virtual seconds.
public enum SimAnimation {
    /// A modal presentation or dismissal.
    public static let modalTransitionDuration: TimeInterval = 0.5
    /// A push or pop (also the full length of an interactive pop).
    public static let navigationTransitionDuration: TimeInterval = 0.35

    /// When a non-animated present, dismiss, push, pop or stack replacement finishes (S18).
    public enum NonAnimatedTiming: String, Sendable, CaseIterable {
        /// The transition, its callbacks and its completion finish before the call returns.
        case immediate
        /// The links and `viewControllers` change at the call, as in UIKit; the did-callbacks and the
        /// completion run on the next turn of `SimRunLoop.main`, as UIKit has done since iOS 8.
        case deferred

        /// The model the clean-world trait restores: `.deferred`, which public reports of UIKit describe
        /// (the fidelity article has the sources).
        public static let standard = NonAnimatedTiming.deferred
    }

    /// The timing of non-animated transitions; tests may set it, the clean-world trait resets it.
    @MainActor public static var nonAnimatedTiming = NonAnimatedTiming.standard

    /// Runs `body` with ``nonAnimatedTiming`` set to `timing`, and sets it back afterwards.
    @MainActor public static func withNonAnimatedTiming<Result>(
        _ timing: NonAnimatedTiming, _ body: () throws -> Result
    ) rethrows -> Result {
        let previous = nonAnimatedTiming
        nonAnimatedTiming = timing
        defer { nonAnimatedTiming = previous }
        return try body()
    }
}
