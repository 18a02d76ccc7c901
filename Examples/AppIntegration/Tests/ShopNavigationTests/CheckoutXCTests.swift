import BridgeInsecurity
import ShopNavigation
import SimUIKit
import SimulationTesting
import XCTest

/// The same checkout in XCTest: a clean simulated world per test, the body on the main actor, and
/// expectations waited for on the simulated clock.
final class CheckoutXCTests: SimulatedWorldTestCase, @unchecked Sendable {
    func testCheckoutFinishesWithTheAddress() {
        onMainActor {
            let shop = Shop()
            let screens = TestScreens()
            let host = InsecurityHost(navigation: shop.navigation)
            let finished = expectation(description: "checkout finished")
            host.start(CheckoutCoordinator(screens: screens), animated: true) { result in
                XCTAssertEqual(result, .normal("1 Harbour Street"))
                finished.fulfill()
            }
            SimRunLoop.main.runUntilIdle()
            screens.checkOut()
            SimRunLoop.main.runUntilIdle()
            screens.confirmAddress("1 Harbour Street")
            SimRunLoop.main.runUntilIdle()
            XCTAssertEqual(shop.sheet, "Payment")
            screens.pay()
            waitOnSimulatedClock(for: [finished], timeout: 2)
            XCTAssertEqual(shop.stack, ["Home"])
        }
    }
}
