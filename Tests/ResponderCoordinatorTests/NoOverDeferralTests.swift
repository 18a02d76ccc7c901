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

    @Test(
        "E19, S6: a legacy coordinator's push, pop and root replacement while app code presents an alert over its navigation controller wait for the alert's presentation and then run (UIKit would drop them)",
        arguments: [true, false])
    func changesWaitForAppAlert(animated: Bool) {
        let navigation = UINavigationController()
        let window = UIWindow()
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        let coordinator = NavigationCoordinator(rootViewController: navigation)
        coordinator.start()
        coordinator.root(UIViewController())
        SimRunLoop.main.runUntilIdle()
        func alert() -> UIAlertController {
            let alert = UIAlertController(title: "Saved", message: nil, preferredStyle: .alert)
            alert.addAction(UIAlertAction(title: "OK", style: .default))
            return alert
        }
        let warnings = SimWarnings.capture {
            navigation.present(alert(), animated: animated)
            coordinator.show(UIViewController())
            #expect(navigation.viewControllers.count == 1, "the push waits for the alert's presentation")
            SimRunLoop.main.runUntilIdle()
            #expect(navigation.viewControllers.count == 2)
            navigation.dismiss(animated: false)
            SimRunLoop.main.runUntilIdle()
            navigation.present(alert(), animated: animated)
            coordinator.pop(animated: animated)
            #expect(navigation.viewControllers.count == 2, "the pop waits too")
            SimRunLoop.main.runUntilIdle()
            #expect(navigation.viewControllers.count == 1)
        }
        #expect(warnings.isEmpty)
        coordinator.stop()
        window.rootViewController = nil
        SimRunLoop.main.runUntilIdle()
    }
}
