import Insecurity
import SimUIKit
import Testing

/// Runs `body` and records a test issue for every SimUIKit warning and every engine diagnostic it causes:
/// legitimate navigation causes neither (E19, E20). Both are captured, so they are not logged.
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
    let warnings = SimWarnings.capture { diagnostics = InsecurityDiagnostics.capture(body) }
    for warning in warnings {
        Issue.record("SimUIKit warned: \(warning)", sourceLocation: sourceLocation)
    }
    for diagnostic in diagnostics {
        Issue.record("diagnostic: \(diagnostic)", sourceLocation: sourceLocation)
    }
}
