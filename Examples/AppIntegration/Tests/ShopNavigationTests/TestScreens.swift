import ShopNavigation
import SimUIKit

/// Plain controllers standing in for the app's views: each keeps the action its screen would run when the
/// user taps, so that a test can tap.
@MainActor
final class TestScreens: CheckoutScreens {
    private(set) var checkOut: () -> Void = {}
    private(set) var confirmAddress: (String) -> Void = { _ in }
    private(set) var pay: () -> Void = {}

    func cart(onCheckout: @escaping () -> Void) -> UIViewController {
        checkOut = onCheckout
        return titled("Cart")
    }

    func address(onConfirm: @escaping (String) -> Void) -> UIViewController {
        confirmAddress = onConfirm
        return titled("Address")
    }

    func payment(onPay: @escaping () -> Void) -> UIViewController {
        pay = onPay
        return titled("Payment")
    }

    private func titled(_ title: String) -> UIViewController {
        let controller = UIViewController()
        controller.title = title
        return controller
    }
}

/// The app's shop as the tests see it: a window whose navigation controller shows Home.
@MainActor
struct Shop {
    let window = UIWindow()
    let navigation: UINavigationController

    init() {
        let home = UIViewController()
        home.title = "Home"
        navigation = UINavigationController(rootViewController: home)
        window.rootViewController = navigation
        window.makeKeyAndVisible()
    }

    var stack: [String] { navigation.viewControllers.map { $0.title ?? "?" } }
    var sheet: String? { navigation.presentedViewController?.title }
}
