import Insecurity
import SimUIKit
import SimulationTesting
import Testing

@MainActor
@Suite("Insecurity's tutorial, run", .cleanSimulatedWorld)
struct TutorialTests {
    @Test(
        "Building a tabbed app: log in, the tab bar, a product pushed, the payment presented, back to the list, log out"
    )
    func tabbedShop() throws {
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.makeKeyAndVisible()
        let app = ShopAppCoordinator(window)
        app.start()
        SimRunLoop.main.runUntilIdle()

        let login = try #require(window.rootViewController as? LoginViewController)
        login.onLogIn?("ada")
        SimRunLoop.main.runUntilIdle()
        let tabs = try #require(window.rootViewController as? UITabBarController, "the tab bar replaced the login")
        let shop = try #require(tabs.viewControllers?.first as? UINavigationController)
        let list = try #require(shop.viewControllers.first as? ProductListViewController)
        let accountTab = try #require(tabs.viewControllers?.last as? UINavigationController)
        #expect(accountTab.viewControllers.first?.title == "ada")

        list.onSelect?("Teapot")
        SimRunLoop.main.runUntilIdle()
        let detail = try #require(shop.topViewController as? ProductDetailViewController, "the product is pushed")
        #expect(detail.title == "Teapot")
        #expect(tabs.simulateTabTap(1) && tabs.simulateTabTap(0))
        SimRunLoop.main.runUntilIdle()
        #expect(shop.viewControllers.count == 2, "switching tabs keeps the shop's stack")

        detail.onBuy?()
        SimRunLoop.main.runUntilIdle()
        let payment = try #require(tabs.presentedViewController as? PaymentViewController, "presented over the tabs")
        #expect(payment.title == "Pay for Teapot")
        payment.onPay?()
        SimRunLoop.main.runUntilIdle()
        #expect(tabs.presentedViewController == nil)
        #expect(shop.viewControllers.count == 1, "the product finished with the order: back to the list")
        #expect(list.lastOrder == "order: Teapot")

        list.onSelect?("Kettle")
        SimRunLoop.main.runUntilIdle()
        #expect(shop.simulateBackButtonTap())
        SimRunLoop.main.runUntilIdle()
        #expect(list.lastOrder == nil, "going back is leaving without buying")

        (accountTab.viewControllers.first as? AccountViewController)?.onLogOut?()
        SimRunLoop.main.runUntilIdle()
        #expect(window.rootViewController is LoginViewController, "logging out shows the login again")
        window.rootViewController = nil
        SimRunLoop.main.runUntilIdle()
    }
}
