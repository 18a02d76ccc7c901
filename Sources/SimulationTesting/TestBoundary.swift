import Insecurity
import SimUIKit

/// What a test did that it did not say it expected, gathered for the test helpers (``CleanSimulatedWorld``,
/// `SimulatedWorldTestCase`) to fail that test with: a UIKit exception (S17) that would have stopped the
/// run, a SimUIKit warning, an engine or adapter diagnostic (E20). A test expects them by capturing them
/// itself (`SimExceptions.capture`, `SimWarnings.capture`, `InsecurityDiagnostics.capture`,
/// ``expectNoWarningsOrDiagnostics(_:sourceLocation:)``); what it captures never reaches the boundary.
@MainActor
enum TestBoundary {
    static func begin() {
        SimExceptions.beginTestBoundary()
        SimWarnings.beginTestBoundary()
        InsecurityDiagnostics.beginTestBoundary()
    }

    /// What reached the boundary since ``begin()``, one sentence each; the usual behaviour resumes.
    static func end() -> [String] {
        SimExceptions.endTestBoundary().map { "UIKit raised \($0) (the app would stop here)" }
            + SimWarnings.endTestBoundary().map { "SimUIKit warned: \($0)" }
            + InsecurityDiagnostics.endTestBoundary().map { "diagnostic: \($0)" }
    }
}
