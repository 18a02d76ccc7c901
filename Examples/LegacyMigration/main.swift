// A legacy app built on ResponderCoordinator migrates its checkout flow to Insecurity coordinators.
// The shop's catalog and cart stay legacy; checkout is now an Insecurity chain started from the
// legacy cart coordinator, and its result comes back to it. Run: swift run LegacyMigration
import CoordinatorBridge
import Insecurity
import ResponderCoordinator
import SimUIKit

@MainActor
func screen(_ title: String) -> UIViewController {
    let controller = UIViewController()
    controller.title = title
    controller.restorationIdentifier = title.lowercased().replacingOccurrences(of: " ", with: "-")
    return controller
}

// MARK: The new Insecurity checkout

@MainActor
final class CheckoutCoordinator: ModalCoordinator<String> {
    override var viewController: UIViewController { screen("Checkout") }

    func chooseDelivery() {
        navigation.start(UINavigationController(), DeliveryCoordinator(), animated: true) { [weak self] result in
            if let address = result.value { self?.finish("paid, delivering to \(address)") }
        }
    }
}

@MainActor
final class DeliveryCoordinator: Insecurity.NavigationCoordinator<String> {
    override var viewController: UIViewController { screen("Delivery") }
}

// MARK: The legacy app

@MainActor
final class ShopCoordinator: ResponderCoordinator.NavigationCoordinator {
    override func start(with completion: @escaping () -> Void = {}) {
        super.start(with: completion)
        root(screen("Catalog"))
    }

    override func handlePopBack(to vc: UIViewController?) {
        print("   ShopCoordinator.handlePopBack(to: \(vc?.title ?? "nil"))")
    }

    override func coordinatorDidFinish(_ coordinator: Coordinating, completion: @escaping () -> Void = {}) {
        print("   ShopCoordinator.coordinatorDidFinish(\(coordinator.identifier))")
        super.coordinatorDidFinish(coordinator, completion: completion)
    }
}

@MainActor
final class CartCoordinator: ResponderCoordinator.NavigationCoordinator {
    var checkout: CheckoutCoordinator?

    override func start(with completion: @escaping () -> Void = {}) {
        super.start(with: completion)
        show(screen("Cart"))
    }

    func checkOut() {
        let checkout = CheckoutCoordinator()
        self.checkout = checkout
        startInsecurityChain(checkout, animated: true) { result in
            print("   CartCoordinator got: \(result.value ?? "dismissed")")
        }
    }
}

@MainActor
func run() {
    let loop = SimRunLoop.main
    let window = UIWindow()
    let navigation = UINavigationController()
    window.rootViewController = navigation
    window.makeKeyAndVisible()
    let registry = BridgeRegistry([ResponderCoordinatorPlugin.shared])
    func step(_ caption: String) {
        loop.runUntilIdle()
        print("== \(caption)")
        print(BridgeReader(registry: registry).read([window]).rendered())
        print()
    }

    let shop = ShopCoordinator(rootViewController: navigation)
    shop.start()
    step("legacy shop starts on its catalog")

    let cart = CartCoordinator(rootViewController: navigation)
    shop.startChild(coordinator: cart)
    step("the cart, a child coordinator, shares the navigation controller")

    cart.checkOut()
    step("checkout is an Insecurity chain presented from the legacy cart")

    cart.checkout?.chooseDelivery()
    step("checkout opens delivery in a new navigation controller")

    InsecurityHost.topCoordinator(in: window, as: DeliveryCoordinator.self)?.finish("221B Baker Street")
    step("delivery finishes; checkout finishes on its result; one dismissal")

    navigation.simulateBackButtonTap()
    step("the user taps Back on the cart: the cart coordinator finishes")
}

MainActor.assumeIsolated { run() }
