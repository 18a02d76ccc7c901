import Logging

/// An exception UIKit raises where misuse would crash the app on a device (S17): pushing a controller that
/// is already in the stack, popping to one that is not, a second cancel action in an alert...
public struct SimException: Error, Sendable, Hashable, CustomStringConvertible {
    /// UIKit's exception name, such as `NSInvalidArgumentException`.
    public let name: String
    /// UIKit's reason text, as current iOS writes it (controllers are described by `simDescription`).
    public let reason: String

    public init(name: String, reason: String) {
        self.name = name
        self.reason = reason
    }

    public var description: String { "\(name): \(reason)" }

    static let invalidArgument = "NSInvalidArgumentException"
    static let internalInconsistency = "NSInternalInconsistencyException"
    static let generic = "NSGenericException"
}

/// Where SimUIKit raises UIKit's exceptions. Inside `capture { … }` an exception is recorded and the call
/// that raised it has no effect; outside any capture the program stops with UIKit's reason, as the app
/// would on a device, so a test that does what crashes a device fails.
@MainActor
public enum SimExceptions {
    /// Made for each message, so that it goes to whatever logging system the app has bootstrapped by then.
    private static var logger: Logger { Logger(label: "SimUIKit") }
    private static let captures = NestedCaptures<SimException>()

    /// Runs `body` and returns the exceptions SimUIKit raised while it ran. The innermost open capture
    /// catches each one, as the closest `@catch` would. The rest of `body` still runs: only the raising call
    /// is skipped.
    public static func capture(_ body: () throws -> Void) rethrows -> [SimException] {
        try captures.collect(body)
    }

    /// Awaits `body` and returns the exceptions raised until it returns, by it or by other main-actor work
    /// that ran while it was suspended.
    @_disfavoredOverload
    public static func capture(_ body: () async throws -> Void) async rethrows -> [SimException] {
        try await captures.collect(body)
    }

    /// For test helpers: from now on, what no capture receives is kept for ``endTestBoundary()`` instead
    /// of reaching the console or stopping the program.
    package static func beginTestBoundary() { captures.beginBoundary() }

    /// For test helpers: what reached the boundary since ``beginTestBoundary()``; the usual behaviour resumes.
    package static func endTestBoundary() -> [SimException] { captures.endBoundary() }

    /// Raises `exception`: recorded by the innermost capture, or fatal outside any. Callers return at once
    /// without changing anything.
    static func raise(_ name: String, _ reason: String) {
        let exception = SimException(name: name, reason: reason)
        guard captures.isCapturing else {
            let message = "*** Terminating app due to uncaught exception '\(name)', reason: '\(reason)'"
            logger.critical("\(message)")
            fatalError(message)
        }
        captures.recordInInnermost(exception)
    }
}
