// SimulationTesting's Swift Testing example, verbatim.
import SimUIKit
import SimulationTesting
import Testing

@MainActor
@Suite("Checkout", .cleanSimulatedWorld)
struct CheckoutTests {
    @Test func confirmationAppears() {
        let window = UIWindow()
        let home = UIViewController()
        window.rootViewController = home
        window.makeKeyAndVisible()
        home.present(UIViewController(), animated: true)
        SimRunLoop.main.runUntilIdle()
        #expect(home.presentedViewController != nil)
        window.rootViewController = nil
    }
}
