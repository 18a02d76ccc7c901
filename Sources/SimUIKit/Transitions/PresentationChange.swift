import Foundation

/// A presentation or dismissal, as seen by ``UIViewController/observePresentations(_:)``.
public struct PresentationChange {
    public enum Kind: Sendable {
        /// `present(_:animated:completion:)`.
        case present
        /// `dismiss(animated:completion:)`.
        case dismiss
        /// The user swiped a sheet down (``UIViewController/beginInteractiveDismissal()``).
        case interactiveDismissal
    }

    public enum Phase: Sendable {
        /// The change started (for a swipe, the finger went down).
        case began
        case completed
        /// The user let go of an interactive dismissal early: nothing changed.
        case cancelled
    }

    /// The controller that presents (or presented) the chain.
    public let presenter: UIViewController
    /// The controller presented, or the dismissed chain from bottom to top (a slice of the whole chain, so
    /// that telling every presenter of a long chain costs no copies).
    public let controllers: ArraySlice<UIViewController>
    public let kind: Kind
    public let phase: Phase
    public let animated: Bool
}
