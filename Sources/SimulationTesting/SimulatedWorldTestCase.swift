#if canImport(XCTest)
    import SimUIKit
    import XCTest

    /// The XCTest counterpart of ``CleanSimulatedWorld``: every test starts in a fresh simulated world (the
    /// clock at zero, nothing scheduled, no launched app delegate), and fails if it returns while a
    /// transition, a delayed action or an engine operation is still pending, or if it caused a UIKit
    /// exception (which does not stop the run), a warning or a diagnostic it did not capture.
    ///
    /// XCTest runs test methods on the main thread, but corelibs XCTest (Linux) stops the process on a
    /// `@MainActor` test method or class: keep the class nonisolated and run the body with
    /// ``onMainActor(_:)``. `wait(for:timeout:)` spins Foundation's run loop, which the simulation does
    /// not use: ``waitOnSimulatedClock(for:timeout:enforceOrder:file:line:)`` drives `SimRunLoop.main`
    /// instead.
    ///
    /// ```swift
    /// final class CheckoutTests: SimulatedWorldTestCase, @unchecked Sendable {
    ///     func testSwipingTheSheetDownEndsCheckout() {
    ///         onMainActor {
    ///             let app = ShopApp()
    ///             app.openCheckout()
    ///             let ended = expectation(description: "checkout ended")
    ///             app.checkout.onEnd = { ended.fulfill() }
    ///             XCTAssertTrue(app.checkout.sheet.simulateInteractiveDismissal())
    ///             waitOnSimulatedClock(for: [ended], timeout: 1)
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// The class is `@unchecked Sendable`, and a subclass restates it (the compiler asks), so that a body
    /// on the main actor can use the test case: its `expectation(description:)`, its fixtures. That is
    /// sound because XCTest makes one instance per test method and runs its `setUp`, the method and its
    /// `tearDown` on the main thread, one test at a time.
    open class SimulatedWorldTestCase: XCTestCase, @unchecked Sendable {
        open override func setUp() {
            super.setUp()
            MainActor.assumeIsolated {
                CleanSimulatedWorld.reset()
                TestBoundary.begin()
            }
        }

        /// Fails the test with what it left running, and with each exception, warning or diagnostic it caused
        /// without capturing it (see ``CleanSimulatedWorld``).
        open override func tearDown() {
            let name = name
            let (leftOver, misuse) = MainActor.assumeIsolated {
                defer { CleanSimulatedWorld.reset() }
                let leftOver = CleanSimulatedWorld.leftOverWork(of: name)
                return (leftOver, TestBoundary.end())
            }
            if let leftOver { XCTFail(leftOver) }
            for problem in misuse { XCTFail(problem) }
            super.tearDown()
        }

        /// Runs `body` on the main actor, where UIKit's types and the coordinators live. The test method
        /// itself runs on the main thread, so this never waits.
        public func onMainActor<Result: Sendable>(_ body: @MainActor () throws -> Result) rethrows -> Result {
            try MainActor.assumeIsolated(body)
        }

        /// Waits for `expectations` on the simulated clock: moves `SimRunLoop.main` forward by up to
        /// `timeout` virtual seconds, running every transition, completion and delayed action that falls
        /// due, then fails the test for each expectation still unfulfilled, as `wait(for:timeout:)` does.
        /// No real time passes.
        public func waitOnSimulatedClock(
            for expectations: [XCTestExpectation], timeout: TimeInterval, enforceOrder: Bool = false,
            file: StaticString = #filePath, line: UInt = #line
        ) {
            MainActor.assumeIsolated { SimRunLoop.main.advance(by: timeout) }
            let result = XCTWaiter().wait(for: expectations, timeout: 0, enforceOrder: enforceOrder)
            guard result != .completed else { return }
            let waiting = expectations.map(\.expectationDescription).joined(separator: ", ")
            let why = result == .incorrectOrder ? "were fulfilled out of order" : "were not all fulfilled"
            XCTFail(
                "Expectations (\(waiting)) \(why) within \(timeout) s of simulated time.", file: file,
                line: line)
        }
    }
#endif
