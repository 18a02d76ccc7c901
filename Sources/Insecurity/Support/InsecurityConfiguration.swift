import Foundation
import SimUIKit

/// Engine-wide settings.
@MainActor
public enum InsecurityConfiguration {
    /// How long a start requested inside a completion waits after a teardown that popped (E9).
    /// A pop gives no completion on a device, hence a delay; the start also waits for any running transition (E17).
    public static var navigationPopBatchedStartDelay: TimeInterval = 0.25

    /// The window transition used by window starts with `animated: true`.
    public static var windowTransition: (duration: TimeInterval, options: UIView.AnimationOptions) = (
        0.3, .transitionCrossDissolve
    )
}
