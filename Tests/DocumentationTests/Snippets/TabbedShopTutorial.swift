// The code of Insecurity's article "Building a tabbed app", compiled and run by TutorialTests.
import Insecurity
import SimUIKit

// MARK: The app's screens (the views stay the app's own; coordinators only hand them closures)

final class LoginViewController: UIViewController {
    var onLogIn: ((String) -> Void)?
}

final class ProductListViewController: UIViewController {
    var products: [String] = []
    var onSelect: ((String) -> Void)?
    /// Shown in a banner over the list.
    var lastOrder: String?
}

final class AccountViewController: UIViewController {
    var onLogOut: (() -> Void)?
}

final class ProductDetailViewController: UIViewController {
    var onBuy: (() -> Void)?
}

final class PaymentViewController: UIViewController {
    var onPay: (() -> Void)?
}

// MARK: Step 1: log in, as the window's root

final class LoginCoordinator: ModalCoordinator<String> {
    override var viewController: UIViewController {
        let login = LoginViewController()
        login.onLogIn = { [unowned self] user in self.finish(user) }
        return login
    }
}

// MARK: Step 2: the tab bar, one navigation host per tab

final class ShopTabsCoordinator: ModalCoordinator<Void> {
    let user: String
    /// One host per tab's navigation controller, kept as long as the tab bar.
    private(set) var hosts: [InsecurityHost] = []

    init(user: String) {
        self.user = user
        super.init()
    }

    override var viewController: UIViewController {
        let list = ProductListViewController()
        list.title = "Shop"
        list.products = ["Teapot", "Kettle"]
        let account = AccountViewController()
        account.title = user
        account.onLogOut = { [unowned self] in self.finish(()) }
        let tabs = UITabBarController()
        tabs.viewControllers = [
            UINavigationController(rootViewController: list),
            UINavigationController(rootViewController: account),
        ]
        hosts = tabs.viewControllers!.map { InsecurityHost(navigation: $0 as! UINavigationController) }
        let shopHost = hosts[0]
        list.onSelect = { product in
            shopHost.start(ProductCoordinator(product: product), animated: true) { result in
                list.lastOrder = result.value   // nil: the user went back without buying
            }
        }
        return tabs
    }
}

// MARK: Step 3: the detail, pushed on the shop tab's stack

final class ProductCoordinator: NavigationCoordinator<String> {
    let product: String

    init(product: String) {
        self.product = product
        super.init()
    }

    override var viewController: UIViewController {
        let detail = ProductDetailViewController()
        detail.title = product
        detail.onBuy = { [unowned self] in
            self.navigation.start(PaymentCoordinator(product: product), animated: true) { result in
                // Paid: back to the list. Dismissed (or swiped away): the detail stays.
                if let order = result.value { self.finish(order) }
            }
        }
        return detail
    }
}

// MARK: Step 4: the payment, presented over the tab bar

final class PaymentCoordinator: ModalCoordinator<String> {
    let product: String

    init(product: String) {
        self.product = product
        super.init()
    }

    override var viewController: UIViewController {
        let payment = PaymentViewController()
        payment.title = "Pay for \(product)"
        payment.onPay = { [unowned self] in self.finish("order: \(product)") }
        return payment
    }
}

// MARK: Step 5: the app, from login to the tab bar and back

final class ShopAppCoordinator: WindowCoordinator {
    func start() {
        navigation.start(LoginCoordinator(), animated: false) { [weak self] result in
            guard let user = result.value else { return }
            self?.showShop(for: user)
        }
    }

    private func showShop(for user: String) {
        navigation.start(ShopTabsCoordinator(user: user), animated: true) { [weak self] _ in
            // The session ended (the coordinator finished): log in again.
            self?.start()
        }
    }
}
