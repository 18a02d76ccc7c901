/// The engine's process-wide state, for test harnesses that give every test a fresh simulated world.
@MainActor
public enum InsecurityWorld {
    /// Whether UIKit operations are waiting in the engine's queue (E19).
    public static var hasPendingOperations: Bool { !UIKitOperationQueue.shared.isEmpty }

    /// The operations the engine's queue held back since the last call although UIKit would have carried
    /// them out at once (E21): empty when the queue delays only what UIKit refuses, cuts short or defers. Recorded
    /// in this package's debug builds (`INSECURITY_CHECKS`); always empty in release builds.
    public static func takeOverDeferrals() -> [String] {
        UIKitOperationQueue.shared.takeOverDeferrals()
    }

    /// Drops waiting UIKit operations and turns strict mode off. Call it only between tests, with the
    /// run loop reset: live chains lose the operations they were waiting for.
    public static func reset() {
        UIKitOperationQueue.shared.removeAll()
        InsecurityDiagnostics.isStrict = false
    }
}
