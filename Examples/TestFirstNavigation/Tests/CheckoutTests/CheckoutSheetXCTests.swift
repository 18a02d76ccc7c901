import Insecurity
import ShopNavigation
import SimUIKit
import SimulationTesting
import XCTest

/// The same package's XCTest side: a clean simulated world per test and the body on the main actor.
final class CheckoutSheetXCTests: SimulatedWorldTestCase, @unchecked Sendable {
    func testSwipingThePaymentSheetAwayKeepsTheAddressScreen() {
        onMainActor {
            let shop = Shop()
            let screens = TestScreens()
            let host = InsecurityHost(navigation: shop.navigation)
            var result: CoordinatorResult<String>?
            host.start(CheckoutCoordinator(screens: screens), animated: true) { result = $0 }
            SimRunLoop.main.runUntilIdle()
            screens.checkOut()
            SimRunLoop.main.runUntilIdle()
            screens.confirmAddress("7 Quay Lane")
            SimRunLoop.main.runUntilIdle()
            XCTAssertEqual(shop.sheet, "Payment")
            XCTAssertTrue(shop.navigation.presentedViewController?.simulateInteractiveDismissal() == true)
            SimRunLoop.main.runUntilIdle()
            XCTAssertNil(shop.sheet)
            XCTAssertEqual(shop.stack, ["Home", "Cart", "Address"])
            XCTAssertNil(result, "the checkout waits on the address screen for another try")
        }
    }
}
