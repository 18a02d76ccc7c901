import SimUIKit
import SimulationTesting
import XCTest

/// `SimulatedWorldTestCase`: XCTest cases on the main actor, a clean world per test, expectations waited
/// for on the simulated clock.
final class XCTestSupportTests: SimulatedWorldTestCase, @unchecked Sendable {
    /// Failures a test provokes on purpose, each named by a fragment of its message; any other failure is
    /// recorded as usual, and a provoked failure that never came fails the test.
    private var provokedFailures: [String] = []

    override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {
        if let index = provokedFailures.firstIndex(where: { description.contains($0) }) {
            provokedFailures.remove(at: index)
            return
        }
        super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
    }

    override func tearDown() {
        super.tearDown()
        XCTAssertEqual(provokedFailures, [], "these failures were expected and never recorded")
        XCTAssertEqual(onMainActor { SimRunLoop.main.now }, 0, "the world is reset after each test")
    }

    func testEveryTestStartsAtTimeZeroWithNothingScheduled() {
        onMainActor {
            XCTAssertEqual(SimRunLoop.main.now, 0)
            XCTAssertTrue(SimRunLoop.main.isIdle)
            XCTAssertNil(UIApplication.shared.delegate)
            // Leaves the clock moved: the next test still starts at zero.
            SimRunLoop.main.advance(by: 5)
        }
    }

    func testAnAnimatedPresentationsCompletionIsAwaitedOnTheSimulatedClock() {
        onMainActor {
            let window = UIWindow()
            let home = UIViewController()
            window.rootViewController = home
            window.makeKeyAndVisible()
            let presented = expectation(description: "presented")
            home.present(UIViewController(), animated: true) { presented.fulfill() }
            waitOnSimulatedClock(for: [presented], timeout: 1)
            XCTAssertEqual(SimRunLoop.main.now, 1, "the wait moved the virtual clock, no real time passed")
            XCTAssertNotNil(home.presentedViewController)
        }
    }

    func testAUIKitExceptionFailsTheTestWithItsTextAndTheRunGoesOn() {
        onMainActor {
            let window = UIWindow()
            let navigation = UINavigationController(rootViewController: UIViewController())
            window.rootViewController = navigation
            window.makeKeyAndVisible()
            let screen = UIViewController()
            navigation.pushViewController(screen, animated: false)
            // Pushing it again raises on a device; here the test fails and the next one runs.
            provokedFailures = ["UIKit raised NSInvalidArgumentException"]
            navigation.pushViewController(screen, animated: false)
            SimRunLoop.main.runUntilIdle()
        }
    }

    func testAnExpectationDueAfterTheTimeoutFailsTheWait() {
        onMainActor {
            let late = expectation(description: "late")
            SimRunLoop.main.perform(after: 2) { late.fulfill() }
            provokedFailures = ["late"]
            waitOnSimulatedClock(for: [late], timeout: 1)
            XCTAssertEqual(provokedFailures, [], "the unfulfilled expectation failed the test")
            SimRunLoop.main.runUntilIdle()
        }
    }

    func testExpectationsFulfilledOutOfOrderFailAnOrderedWait() {
        onMainActor {
            let first = expectation(description: "first")
            let second = expectation(description: "second")
            SimRunLoop.main.perform(after: 0.2) { first.fulfill() }
            SimRunLoop.main.perform(after: 0.1) { second.fulfill() }
            provokedFailures = ["out of order"]
            waitOnSimulatedClock(for: [first, second], timeout: 1, enforceOrder: true)
        }
    }

    func testATestThatLeavesATransitionRunningFails() {
        onMainActor {
            let window = UIWindow()
            let home = UIViewController()
            window.rootViewController = home
            window.makeKeyAndVisible()
            home.present(UIViewController(), animated: true)
        }
        provokedFailures = ["left 1 scheduled action"]
    }
}
