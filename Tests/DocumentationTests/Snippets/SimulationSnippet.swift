// The README's first example, verbatim (DocumentationTests checks that it stays so).
import SimUIKit
import SimulationTesting
import Testing

@MainActor
@Test(.cleanSimulatedWorld) func swipingASheetDownRemovesIt() {
    let home = UIViewController()
    let navigation = UINavigationController(rootViewController: home)
    let window = UIWindow()
    window.rootViewController = navigation
    window.makeKeyAndVisible()

    let settings = UIViewController()
    home.present(settings, animated: true)          // presents through the navigation controller
    SimRunLoop.main.advance(by: SimAnimation.modalTransitionDuration)

    #expect(settings.simulateInteractiveDismissal()) // the user swipes the sheet down
    SimRunLoop.main.runUntilIdle()
    #expect(navigation.presentedViewController == nil)

    let warnings = SimWarnings.capture {
        home.present(UIViewController(), animated: false)
        home.present(UIViewController(), animated: false) // refused: already presenting
    }
    #expect(warnings.count == 1)
}
