import Insecurity
import SimUIKit
import Testing

/// Runs `body` and records a test issue for every SimUIKit warning, every UIKit exception (S17) and every
/// engine diagnostic it causes: legitimate navigation causes none (E19, E20). All are captured, so they are
/// not logged, and an exception fails the test instead of stopping it.
///
/// ```swift
/// expectNoWarningsOrDiagnostics {
///     app.showCheckout()
///     SimRunLoop.main.runUntilIdle()
/// }
/// ```
@MainActor
public func expectNoWarningsOrDiagnostics(
    _ body: () -> Void, sourceLocation: SourceLocation = #_sourceLocation
) {
    var diagnostics: [InsecurityDiagnostic] = []
    var warnings: [SimWarning] = []
    let exceptions = SimExceptions.capture {
        warnings = SimWarnings.capture { diagnostics = InsecurityDiagnostics.capture(body) }
    }
    for exception in exceptions {
        Issue.record("UIKit raised \(exception)", sourceLocation: sourceLocation)
    }
    for warning in warnings {
        Issue.record("SimUIKit warned: \(warning)", sourceLocation: sourceLocation)
    }
    for diagnostic in diagnostics {
        Issue.record("diagnostic: \(diagnostic)", sourceLocation: sourceLocation)
    }
}
