import Foundation

/// A running interactive transition, driven by the simulated finger: an interactive pop
/// (``UINavigationController/beginInteractivePop()``) or an interactive sheet dismissal
/// (``UIViewController/beginInteractiveDismissal()``).
///
/// A handle dropped while the finger is still down ends the gesture as UIKit does when a touch is
/// cancelled: the transition is cancelled, so nothing stays held by it forever.
@MainActor
public class InteractiveTransition {
    let transition: SimTransition

    init(transition: SimTransition) {
        self.transition = transition
    }

    isolated deinit {
        cancel()
    }

    /// Whether the user is still dragging.
    public var isInteractive: Bool { transition.isInteractive }

    /// Moves the finger: `progress` is the fraction of the transition done, clamped to 0...1.
    public func update(_ progress: CGFloat) {
        guard transition.isInteractive else { return }
        transition.percentComplete = min(1, max(0, progress))
    }

    /// The user lets go past the threshold: the transition completes over the remaining part of its duration.
    public func finish() {
        transition.stopInteraction(cancelled: false)
    }

    /// The user lets go early: the transition runs back and nothing changes.
    public func cancel() {
        transition.stopInteraction(cancelled: true)
    }
}
