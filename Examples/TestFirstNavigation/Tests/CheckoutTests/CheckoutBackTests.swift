import Insecurity
import ShopNavigation
import SimUIKit
import SimulationTesting
import Testing

/// Written before the app has a screen: what the user does with the Back button, under both timing models.
@MainActor
@Suite("Checkout and the Back button, in Swift Testing", .cleanSimulatedWorld)
struct CheckoutBackTests {
    @Test(
        "Back from the address screen shows the cart again, and checking out a second time still finishes",
        arguments: [true, false])
    func backThenCheckOutAgain(animated: Bool) {
        let shop = Shop()
        let screens = TestScreens()
        let host = InsecurityHost(navigation: shop.navigation)
        var result: CoordinatorResult<String>?
        expectNoWarningsOrDiagnostics {
            host.start(CheckoutCoordinator(screens: screens), animated: animated) { result = $0 }
            SimRunLoop.main.runUntilIdle()
            screens.checkOut()
            SimRunLoop.main.runUntilIdle()
            #expect(shop.navigation.simulateBackButtonTap())
            SimRunLoop.main.runUntilIdle()
            #expect(shop.stack == ["Home", "Cart"] && result == nil)
            screens.checkOut()
            SimRunLoop.main.runUntilIdle()
            screens.confirmAddress("7 Quay Lane")
            SimRunLoop.main.runUntilIdle()
            screens.pay()
            SimRunLoop.main.runUntilIdle()
        }
        #expect(result == .normal("7 Quay Lane"))
        #expect(shop.stack == ["Home"] && shop.sheet == nil)
    }
}
