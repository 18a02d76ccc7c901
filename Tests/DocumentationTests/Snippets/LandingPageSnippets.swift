// The code on the DocC landing pages of SimUIKit, Insecurity and InsecurityClassic, run by LandingPageTests.
import Insecurity
import InsecurityClassic
import SimUIKit

/// SimUIKit: a push and the user's Back, on the virtual clock. Returns the stack's size at the end.
@MainActor
func simUIKitLanding() -> Int {
    let navigation = UINavigationController(rootViewController: UIViewController())
    let window = UIWindow(frame: UIScreen.main.bounds)
    window.rootViewController = navigation
    window.makeKeyAndVisible()
    navigation.pushViewController(UIViewController(), animated: true)
    SimRunLoop.main.runUntilIdle()   // the push animates on the virtual clock
    navigation.simulateBackButtonTap()   // the user taps Back
    SimRunLoop.main.runUntilIdle()
    defer { window.rootViewController = nil }
    return navigation.viewControllers.count
}

final class TermsViewController: UIViewController {
    var onAnswer: ((Bool) -> Void)?
}

/// Insecurity: a coordinator with a result, started on a host in an existing app.
final class TermsCoordinator: ModalCoordinator<Bool> {
    override var viewController: UIViewController {
        let terms = TermsViewController()
        terms.onAnswer = { [unowned self] accepted in self.finish(accepted) }
        return terms
    }
}

@MainActor
func insecurityLanding(settingsViewController: UIViewController, answer: @escaping (Bool?) -> Void) -> InsecurityHost {
    let host = InsecurityHost(modal: settingsViewController)
    host.start(TermsCoordinator(), animated: true) { result in
        answer(result.value)   // true or false, or nil when the user swiped the sheet away
    }
    return host
}

/// InsecurityClassic: a coordinator that does not say how it is shown.
final class FiltersCoordinator: InsecurityChild<String> {
    override var viewController: UIViewController { UIViewController() }
}

@MainActor
func insecurityClassicLanding(parent: InsecurityChild<Void>, chosen: @escaping (String?) -> Void) {
    parent.navigation.start(FiltersCoordinator(), animated: true) { result in
        chosen(result.value)   // pushed in a navigation context, presented in a modal one
    }
}

/// Insecurity's host page: a flow pushed on an existing stack (ProductCoordinator is the tutorial's).
@MainActor
func insecurityHostExample(navigationController: UINavigationController, order: @escaping (String?) -> Void)
    -> InsecurityHost
{
    let host = InsecurityHost(navigation: navigationController)   // holds the stack's root already
    host.start(ProductCoordinator(product: "Teapot"), animated: true) { result in
        order(result.value)   // nil when the user went back without buying
    }
    return host
}

/// SimUIKit's "Getting started": a window, a push, and the clock moved by the push's duration. Returns the
/// stack's size after it.
@MainActor
func gettingStarted() -> Int {
    let home = UIViewController()
    let navigation = UINavigationController(rootViewController: home)
    let window = UIWindow(frame: UIScreen.main.bounds)
    window.rootViewController = navigation
    window.makeKeyAndVisible()
    navigation.pushViewController(UIViewController(), animated: true)
    SimRunLoop.main.advance(by: SimAnimation.navigationTransitionDuration)
    defer { window.rootViewController = nil }
    return navigation.viewControllers.count
}
