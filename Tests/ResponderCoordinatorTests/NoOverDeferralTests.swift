import ResponderCoordinator
import SimUIKit
import SimulationTesting
import Testing

@MainActor
@Suite("Legacy coordinators: no operation delayed that UIKit applies at once (E21)", .cleanSimulatedWorld)
struct LegacyNoOverDeferralTests {
    @Test(
        "E21, S6: a coordinator's root on a navigation controller that is being presented is on the stack when root returns; an animated show waits for the presentation, as UIKit queues it"
    )
    func rootWhileBeingPresented() {
        let home = UIViewController()
        let window = UIWindow()
        window.rootViewController = home
        window.makeKeyAndVisible()
        let navigation = UINavigationController()
        home.present(navigation, animated: true)
        let coordinator = NavigationCoordinator(rootViewController: navigation)
        coordinator.start()
        let first = UIViewController()
        coordinator.root(first)
        #expect(navigation.viewControllers.count == 1)
        #expect(navigation.viewControllers.first === first)
        coordinator.show(UIViewController())
        #expect(navigation.viewControllers.count == 1)
        SimRunLoop.main.runUntilIdle()
        #expect(navigation.viewControllers.count == 2)
        coordinator.stop()
        window.rootViewController = nil
        SimRunLoop.main.runUntilIdle()
    }
}
