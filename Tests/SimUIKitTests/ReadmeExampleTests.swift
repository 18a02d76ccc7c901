import SimUIKit
import SimulationTesting
import Testing

/// The README's example, kept compiling and passing.
@MainActor
@Test("README: swiping a sheet down removes it", .cleanSimulatedWorld)
func swipingASheetDownRemovesIt() {
    let home = UIViewController()
    let navigation = UINavigationController(rootViewController: home)
    let window = UIWindow()
    window.rootViewController = navigation
    window.makeKeyAndVisible()

    let settings = UIViewController()
    home.present(settings, animated: true)
    SimRunLoop.main.advance(by: SimAnimation.modalTransitionDuration)

    #expect(settings.simulateInteractiveDismissal())
    SimRunLoop.main.runUntilIdle()
    #expect(navigation.presentedViewController == nil)

    let warnings = SimWarnings.capture {
        home.present(UIViewController(), animated: false)
        home.present(UIViewController(), animated: false)
    }
    #expect(warnings.count == 1)
}
