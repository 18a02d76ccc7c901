import Insecurity
import SimUIKit
import Testing

/// A Swift Testing trait that gives each test a clean simulated world: tests that use it run one at a
/// time (they share `SimRunLoop.main`, windows and the engine's queue), start with the clock at zero and
/// nothing scheduled, and fail if they leave a transition or delayed action running, or UIKit operations
/// waiting, which would otherwise run inside whichever test drives the clock next. Work due at the
/// current time when the test returns (deallocation follow-ups) runs before the check. The app delegate
/// given to `UIApplication.shared.simulateLaunch` is released between tests.
///
/// Misuse fails the test that made it, and only that test: a UIKit exception (S17) no capture of the
/// test receives does not stop the run but fails the test with the exception's name and reason, and a
/// SimUIKit warning or an engine or adapter diagnostic (E20) fails it with its text. A test that provokes
/// them on purpose captures them (`SimExceptions.capture`, `SimWarnings.capture`,
/// `InsecurityDiagnostics.capture`). Outside the test helpers an exception stops the program, as on a
/// device.
///
/// ```swift
/// @MainActor
/// @Suite("Checkout", .cleanSimulatedWorld)
/// struct CheckoutTests { … }
/// ```
public struct CleanSimulatedWorld: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // A suite trait also scopes the suite itself: only test cases need a world of their own.
        guard testCase != nil || !test.isSuite else {
            try await function()
            return
        }
        await WorldLock.shared.acquire()
        await MainActor.run {
            Self.reset()
            TestBoundary.begin()
        }
        do {
            try await function()
        } catch {
            await finish(test)
            throw error
        }
        await finish(test)
    }

    private func finish(_ test: Test) async {
        await MainActor.run {
            if let leftOver = Self.leftOverWork(of: test.name) { Issue.record(Comment(rawValue: leftOver)) }
            for misuse in TestBoundary.end() {
                Issue.record(Comment(rawValue: misuse), sourceLocation: test.sourceLocation)
            }
            Self.reset()
        }
        await WorldLock.shared.release()
    }

    /// What the test named `name` left running, described for a person, or nil. Work due now is the
    /// test's own cleanup (objects released as it returned) and runs first; work due later is a transition
    /// or delay the test never drove to its end.
    @MainActor
    static func leftOverWork(of name: String) -> String? {
        SimRunLoop.main.advance(by: 0)
        let pending = SimRunLoop.main.pendingActionCount
        guard pending > 0 || InsecurityWorld.hasPendingOperations else { return nil }
        return
            "\(name) left \(pending) scheduled action(s) on SimRunLoop.main\(InsecurityWorld.hasPendingOperations ? " and UIKit operations waiting in the engine's queue" : ""); drive the clock to the end (SimRunLoop.main.runUntilIdle()) before the test returns."
    }

    @MainActor
    static func reset() {
        SimRunLoop.main.reset()
        SimAnimation.nonAnimatedTiming = .standard
        SimDevice.idiom = .phone
        CATransaction.closeAllForNewWorld()
        UIView.resetAppearanceProxies()
        UIApplication.shared.simulateTermination()
        InsecurityWorld.reset()
    }
}

extension Trait where Self == CleanSimulatedWorld {
    /// Each test starts in a fresh simulated world and must leave nothing pending (see ``CleanSimulatedWorld``).
    public static var cleanSimulatedWorld: Self { CleanSimulatedWorld() }
}

/// Runs tests of the simulated world one at a time, in arrival order.
@MainActor
private final class WorldLock {
    static let shared = WorldLock()
    private var isHeld = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func acquire() async {
        guard isHeld else {
            isHeld = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func release() {
        if waiting.isEmpty {
            isHeld = false
        } else {
            waiting.removeFirst().resume()
        }
    }
}
