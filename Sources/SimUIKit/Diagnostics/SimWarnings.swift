import Logging

/// One message that UIKit would print to the console (a refused presentation, a stack change during a
/// transition...).
public struct SimWarning: Sendable, Hashable, CustomStringConvertible {
    public let message: String
    /// True when the warning is about a call made earlier, which UIKit queued behind a running transition and
    /// decided again when that transition ended (S6): the code running when it is printed did not make the call.
    public let concernsQueuedCall: Bool
    public var description: String { message }
}

/// The simulation's console: a UIKit-style warning goes to every capture that is open, so tests can
/// assert on what UIKit would have printed, and, when none is open, through swift-log (label `SimUIKit`).
/// A captured warning is the capturing code's to report, so a test that provokes warnings on purpose
/// prints nothing.
@MainActor
public enum SimWarnings {
    /// Made for each message, so that it goes to whatever logging system the app has bootstrapped by then.
    private static var logger: Logger { Logger(label: "SimUIKit") }
    private static let captures = NestedCaptures<SimWarning>()

    /// Reports a warning as UIKit would print it.
    public static func emit(_ message: String, concernsQueuedCall: Bool = false) {
        let warning = SimWarning(message: message, concernsQueuedCall: concernsQueuedCall)
        guard captures.isCapturing else {
            logger.warning("\(message)")
            return
        }
        captures.recordInAll(warning)
    }

    /// Runs `body` and returns the warnings emitted while it ran (captures may nest).
    public static func capture(_ body: () throws -> Void) rethrows -> [SimWarning] {
        try captures.collect(body)
    }

    /// Awaits `body` and returns the warnings emitted until it returns, by it or by other main-actor work
    /// that ran while it was suspended (an awaited start, a task it let run).
    @_disfavoredOverload
    public static func capture(_ body: () async throws -> Void) async rethrows -> [SimWarning] {
        try await captures.collect(body)
    }

    /// For test helpers: from now on, what no capture receives is kept for ``endTestBoundary()`` instead
    /// of reaching the console or stopping the program.
    package static func beginTestBoundary() { captures.beginBoundary() }

    /// For test helpers: what reached the boundary since ``beginTestBoundary()``; the usual behaviour resumes.
    package static func endTestBoundary() -> [SimWarning] { captures.endBoundary() }
}
