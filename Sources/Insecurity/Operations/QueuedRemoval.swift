@_spi(Adapters) import SimUIKit

/// A removal waiting in the queue: what a snapshot taken now records, and what its import runs again.
package enum QueuedRemoval {
    /// Dismisses `controller` and everything presented above it.
    case dismissal(of: UIViewController, animated: Bool)
    /// Pops `navigation`'s stack down to `controller`.
    case pop(UINavigationController, to: UIViewController, animated: Bool)
}
