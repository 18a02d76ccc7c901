/// The one shape of the package's invariant checkers (SimUIKit's appearance, the engine's, each adapter's),
/// for test harnesses that check after every step, as swift-collections' `_checkInvariants()`: what is
/// broken in `windows`, each violation described for a person. `settled` says that the run loop is idle and
/// nothing animates or waits, when the checks that hold only then apply too.
@_spi(Testing)
@MainActor
public protocol InvariantChecker {
    func violations(windows: [UIWindow], settled: Bool) -> [String]
}
