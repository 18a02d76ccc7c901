import Logging
import SimUIKit

/// A misuse of the engine that the original framework would assert on. The engine reports it,
/// changes nothing it should not, and carries on (unless ``InsecurityDiagnostics/isStrict``).
public struct InsecurityDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// What kind of misuse a diagnostic reports. The engine's codes are listed here; an adapter declares
    /// its own in an extension (`static let`), without changing the engine.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        public let rawValue: String

        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        public var description: String { rawValue }

        /// `finish` or `dismiss` on a coordinator that has not been started (E12).
        public static let endBeforeStart = Code(rawValue: "endBeforeStart")
        /// `finish` or `dismiss` on a coordinator that has already ended (E12).
        public static let endAfterEnd = Code(rawValue: "endAfterEnd")
        /// A coordinator instance was started a second time; each instance runs once.
        public static let startedTwice = Code(rawValue: "startedTwice")
        /// `navigation` was used before the coordinator started or after it ended (E3).
        public static let navigationOutsideLifetime = Code(rawValue: "navigationOutsideLifetime")
        /// A navigation child was started where the context is modal: there is no navigation controller (E5).
        public static let navigationChildInModalContext = Code(rawValue: "navigationChildInModalContext")
        /// A second start was requested inside a completion while one was already waiting (E9).
        public static let secondStartInCompletion = Code(rawValue: "secondStartInCompletion")
        /// A start was requested while the engine was tearing frames down (E9).
        public static let startDuringTeardown = Code(rawValue: "startDuringTeardown")
        /// A start waited (E9, E17), but its parent ended before it could run.
        public static let parentEndedBeforeStart = Code(rawValue: "parentEndedBeforeStart")
        /// The coordinator's host was released while the coordinator was live (E14).
        public static let hostReleased = Code(rawValue: "hostReleased")
        /// The host's root controller, navigation controller or window is gone.
        public static let hostTargetReleased = Code(rawValue: "hostTargetReleased")
        /// `InsecurityHost(navigation:)` got an empty navigation controller: there is nothing to return to (E4).
        public static let navigationHostNeedsOneController = Code(rawValue: "navigationHostNeedsOneController")
        /// A subclass did not override `viewController`.
        public static let viewControllerNotOverridden = Code(rawValue: "viewControllerNotOverridden")
        /// UIKit refused to show the coordinator's controller (already shown elsewhere, for instance).
        public static let controllerRefusedByUIKit = Code(rawValue: "controllerRefusedByUIKit")
        /// An operation left the engine's bookkeeping inconsistent: an engine bug, reported only by builds
        /// with `INSECURITY_CHECKS` (this package's debug builds), at the operation that broke it.
        public static let invariantBroken = Code(rawValue: "invariantBroken")
    }

    public let code: Code
    public let message: String

    public var description: String { "[\(code.rawValue)] \(message)" }
}

/// The one channel for engine diagnostics: every open capture, for tests, or, when none is open, swift-log
/// (label `Insecurity`) and, in strict mode, a stop. A captured diagnostic is the capturing code's to report.
@MainActor
public enum InsecurityDiagnostics {
    /// Made for each message, so that it goes to whatever logging system the app has bootstrapped by then.
    private static var logger: Logger { Logger(label: "Insecurity") }
    private static let captures = NestedCaptures<InsecurityDiagnostic>()

    /// When true, a diagnostic that no capture receives stops the program (for teams that want misuse to
    /// trap in debug builds).
    public static var isStrict = false

    /// For test helpers: from now on, what no capture receives is kept for ``endTestBoundary()`` instead
    /// of being logged (or stopping the program in strict mode).
    package static func beginTestBoundary() { captures.beginBoundary() }

    /// For test helpers: what reached the boundary since ``beginTestBoundary()``; the usual behaviour resumes.
    package static func endTestBoundary() -> [InsecurityDiagnostic] { captures.endBoundary() }

    /// Runs `body` and returns the diagnostics reported while it ran (captures may nest).
    public static func capture(_ body: () throws -> Void) rethrows -> [InsecurityDiagnostic] {
        try captures.collect(body)
    }

    /// Awaits `body` and returns the diagnostics reported until it returns, by it or by other main-actor
    /// work that ran while it was suspended (an awaited start, a task it let run).
    @_disfavoredOverload
    public static func capture(_ body: () async throws -> Void) async rethrows -> [InsecurityDiagnostic] {
        try await captures.collect(body)
    }

    /// Reports a diagnostic (adapters report theirs through the same channel).
    @_spi(Adapters) public static func report(_ code: InsecurityDiagnostic.Code, _ message: String) {
        let diagnostic = InsecurityDiagnostic(code: code, message: message)
        guard !captures.isCapturing else {
            captures.recordInAll(diagnostic)
            return
        }
        logger.error("\(diagnostic.description)")
        if isStrict {
            fatalError("Insecurity: \(diagnostic.description)")
        }
    }
}
