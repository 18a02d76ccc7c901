/// The root of the responder chain. Responders compare and hash by identity, as `NSObject`s do.
@MainActor
open class UIResponder: Hashable {
    /// Values adapters attach to this object (see ``AssociationKey``).
    var associatedValues: [ObjectIdentifier: Any] = [:]

    public init() {}

    /// The next responder in UIKit's chain: for a controller, its parent, else its presenter, else its window.
    open var next: UIResponder? { nil }

    public nonisolated static func == (lhs: UIResponder, rhs: UIResponder) -> Bool {
        lhs === rhs
    }

    public nonisolated func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
