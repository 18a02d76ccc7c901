import BridgeInsecurity
import ShopNavigation
import SimUIKit
import SimulationTesting
import Testing

@MainActor
@Suite("Checkout, in Swift Testing", .cleanSimulatedWorld)
struct CheckoutTests {
    let shop = Shop()
    let screens = TestScreens()
    let loop = SimRunLoop.main

    @Test("Cart, address and payment finish the checkout with the address, and the stack is back to Home")
    func happyPath() {
        let host = InsecurityHost(navigation: shop.navigation)
        var result: CoordinatorResult<String>?
        expectNoWarningsOrDiagnostics {
            host.start(CheckoutCoordinator(screens: screens), animated: true) { result = $0 }
            loop.runUntilIdle()
            screens.checkOut()
            loop.runUntilIdle()
            #expect(shop.stack == ["Home", "Cart", "Address"])
            screens.confirmAddress("1 Harbour Street")
            loop.runUntilIdle()
            #expect(shop.sheet == "Payment")
            screens.pay()
            loop.runUntilIdle()
        }
        #expect(result == .normal("1 Harbour Street"))
        #expect(shop.stack == ["Home"] && shop.sheet == nil)
    }

    @Test("Swiping the payment sheet away keeps the address screen; Back returns to the cart, then ends the checkout")
    func userLeavesPayment() {
        let host = InsecurityHost(navigation: shop.navigation)
        var result: CoordinatorResult<String>?
        expectNoWarningsOrDiagnostics {
            host.start(CheckoutCoordinator(screens: screens), animated: false) { result = $0 }
            loop.runUntilIdle()
            screens.checkOut()
            loop.runUntilIdle()
            screens.confirmAddress("1 Harbour Street")
            loop.runUntilIdle()
            #expect(shop.navigation.presentedViewController?.simulateInteractiveDismissal() == true)
            loop.runUntilIdle()
            #expect(shop.sheet == nil && shop.stack == ["Home", "Cart", "Address"])
            #expect(shop.navigation.simulateBackButtonTap())
            loop.runUntilIdle()
        }
        #expect(shop.stack == ["Home", "Cart"])
        #expect(result == nil, "the checkout is still running")
        #expect(shop.navigation.simulateBackButtonTap())
        loop.runUntilIdle()
        #expect(result == .dismissed && shop.stack == ["Home"])
    }
}
