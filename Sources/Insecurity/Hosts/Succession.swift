/// A window chain's place among the window's successive root chains (E13), as a value: the chain it takes over
/// from, and whether a later chain takes over from it. Its events are what the window host and the chain's own
/// show and teardown tell it; it can be tested without UIKit.
struct Succession<Chain: AnyObject> {
    /// The chain this one takes over from.
    enum Predecessor {
        /// None, or its replacement is complete (this chain's root is on screen).
        case none
        /// Replaced once this chain's root is on screen; it is what the user sees until then.
        case replacing(Chain)
        /// This chain's root ended before the window showed it: the chain it was to replace (if any) stays the
        /// window's current one.
        case withdrawn(Chain?)
    }

    /// Whether a later chain is taking over from this one.
    enum Successor {
        case none
        /// Its frames end without their completions once the later chain's root is on screen.
        case replacing
    }

    private(set) var predecessor = Predecessor.none
    private(set) var successor = Successor.none

    /// A new chain's succession: it takes over from `current`, the window's current chain, if any.
    init(replacing current: Chain? = nil) {
        predecessor = current.map { .replacing($0) } ?? .none
    }

    /// Whether a later chain takes over from this one once its root is on screen.
    var isBeingReplaced: Bool {
        if case .replacing = successor { return true }
        return false
    }

    /// A later chain started on the window: it takes over from this one once its root is on screen.
    mutating func laterChainStarted() {
        successor = .replacing
    }

    /// This chain's root is on the window: the replacement is complete.
    mutating func rootShown() {
        predecessor = .none
    }

    /// This chain's root ended before the window showed it. Returns the chain it was to replace, which stays the
    /// window's current one: tell it ``replacementCalledOff()``.
    mutating func rootWithdrawn() -> Chain? {
        let replaced: Chain? =
            switch predecessor {
            case .none: nil
            case .replacing(let chain): chain
            case .withdrawn(let chain): chain
            }
        predecessor = .withdrawn(replaced)
        return replaced
    }

    /// The later chain that was to take over from this one withdrew its root: this one stays current.
    mutating func replacementCalledOff() {
        successor = .none
    }
}
