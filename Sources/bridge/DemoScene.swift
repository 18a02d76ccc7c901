import Foundation
import SimUIKit

/// The built-in scene: a window with a navigation stack, a modal sheet the user swipes away,
/// and a back-button pop, all on the virtual clock.
@MainActor
enum DemoScene {
    struct Step {
        let caption: String
        let screen: String
    }

    static func play() -> [Step] {
        let runLoop = SimRunLoop.main
        var steps: [Step] = []
        let window = UIWindow()
        func record(_ caption: String) {
            runLoop.runUntilIdle()
            steps.append(Step(caption: String(format: "t=%.2fs  ", runLoop.now) + caption, screen: window.hierarchyDescription()))
        }

        let home = screen("Home", id: "home")
        let navigation = UINavigationController(rootViewController: home)
        navigation.restorationIdentifier = "main"
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        record("window shows a navigation stack")

        navigation.pushViewController(screen("Orders", id: "orders"), animated: true)
        record("push Orders")

        let settings = screen("Settings", id: "settings")
        navigation.topViewController?.present(settings, animated: true)
        record("Orders presents Settings as a sheet (through its navigation controller)")

        settings.simulateInteractiveDismissal()
        record("the user swipes Settings down")

        navigation.simulateBackButtonTap()
        record("the user taps Back")
        return steps
    }

    private static func screen(_ title: String, id: String) -> UIViewController {
        let controller = UIViewController()
        controller.title = title
        controller.restorationIdentifier = id
        return controller
    }
}
