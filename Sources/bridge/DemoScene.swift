import BridgeSnapshot
import CoordinatorBridge
import Foundation
import Insecurity
import ResponderCoordinator
import SimUIKit

/// The shop of the demo, which `bridge snapshot` writes too: legacy coordinators (a catalog, and a product
/// pushed on the same stack) whose product starts an Insecurity checkout, which presents a payment.
@MainActor
struct DemoScene {
    final class ShopCoordinator: ResponderCoordinator.NavigationCoordinator {
        /// Where the scene tells what the coordinators hear.
        var onEvent: (String) -> Void = { _ in }

        override func handlePopBack(to vc: UIViewController?) {
            onEvent("ShopCoordinator.handlePopBack(to: \(vc?.title ?? "nil"))")
        }

        override func coordinatorDidFinish(_ coordinator: Coordinating, completion: @escaping () -> Void = {}) {
            onEvent("ShopCoordinator.coordinatorDidFinish(\(coordinator.identifier))")
            super.coordinatorDidFinish(coordinator, completion: completion)
        }
    }

    final class ProductCoordinator: ResponderCoordinator.NavigationCoordinator {
        var onEvent: (String) -> Void = { _ in }

        /// Starts the checkout chain; returns it.
        func buy() -> CheckoutCoordinator {
            let checkout = CheckoutCoordinator()
            checkout.onEvent = onEvent
            startInsecurityChain(checkout, animated: true) { [onEvent] result in
                onEvent("ProductCoordinator got the checkout's result: \(result.value ?? "dismissed")")
            }
            return checkout
        }
    }

    final class CheckoutCoordinator: ModalCoordinator<String> {
        var onEvent: (String) -> Void = { _ in }

        override var viewController: UIViewController { DemoScene.screen("Checkout", id: "checkout") }

        func pay() {
            let paymentNavigation = UINavigationController()
            paymentNavigation.restorationIdentifier = "paying"
            navigation.start(paymentNavigation, PaymentCoordinator(), animated: true) {
                [weak self, onEvent] result in
                onEvent("CheckoutCoordinator got the payment's result: \(result.value ?? "dismissed")")
                if let receipt = result.value { self?.finish("ordered, \(receipt)") }
            }
        }
    }

    final class PaymentCoordinator: Insecurity.NavigationCoordinator<String> {
        override var viewController: UIViewController { DemoScene.screen("Payment", id: "payment") }
    }

    let window: UIWindow
    let navigation: UINavigationController
    let shop: ShopCoordinator
    let product: ProductCoordinator

    static func screen(_ title: String, id: String) -> UIViewController {
        let controller = UIViewController()
        controller.title = title
        controller.restorationIdentifier = id
        return controller
    }

    /// The legacy app on a key window: the catalog, and the product pushed above it.
    init(onEvent: @escaping (String) -> Void = { _ in }) {
        window = UIWindow(frame: UIScreen.main.bounds)
        window.restorationIdentifier = "app"
        navigation = UINavigationController()
        navigation.restorationIdentifier = "shop"
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        shop = ShopCoordinator(rootViewController: navigation)
        shop.onEvent = onEvent
        shop.start()
        shop.root(DemoScene.screen("Catalog", id: "catalog"))
        product = ProductCoordinator(rootViewController: navigation)
        product.onEvent = onEvent
        shop.startChild(coordinator: product)
        product.show(DemoScene.screen("Teapot", id: "teapot"))
    }

    /// The user buys the product: the checkout chain starts, and checkout presents the payment.
    func checkOut() {
        let checkout = product.buy()
        SimRunLoop.main.runUntilIdle()
        checkout.pay()
        SimRunLoop.main.runUntilIdle()
    }

    /// Takes the scene off the screen and releases it.
    func tearDown() {
        shop.stop()
        window.rootViewController = nil
        SimRunLoop.main.runUntilIdle()
    }

    /// The snapshot of the shop during checkout, as the demo's third chapter shows it.
    static func checkoutSnapshot() -> String {
        let scene = DemoScene()
        scene.checkOut()
        defer { scene.tearDown() }
        return BridgeSnapshot.export([scene.window], registry: standardRegistry())
    }
}
