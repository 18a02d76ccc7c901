import BridgeSnapshot
import CoordinatorBridge
import Foundation
@_spi(Adapters) import Insecurity
import ResponderCoordinator
import SimUIKit
import SimulationTesting
import TestSupport
import Testing

/// What the restored app's coordinators report.
@MainActor
private final class Journey {
    static var log: [String] = []
}

/// A legacy coordinator of the app: logs what the adapter tells it.
@MainActor
private final class ShopCoordinator: ResponderCoordinator.NavigationCoordinator {
    override func handlePopBack(to vc: UIViewController?) {
        Journey.log.append("\(identifier).handlePopBack(to: \(vc?.title ?? "nil"))")
    }

    override func coordinatorDidFinish(_ coordinator: Coordinating, completion: @escaping () -> Void = {}) {
        Journey.log.append("\(identifier).coordinatorDidFinish(\(coordinator.identifier))")
        super.coordinatorDidFinish(coordinator, completion: completion)
    }
}

@MainActor
private final class ProductCoordinator: ResponderCoordinator.NavigationCoordinator {}

/// The payment screen: its button is wired by the coordinator that makes it.
private final class PaymentController: UIViewController {
    var onPay: (() -> Void)?
}

@MainActor
private final class PaymentStep: ModalCoordinator<String> {
    override var viewController: UIViewController {
        let controller = PaymentController()
        controller.title = "Payment"
        controller.onPay = { [unowned self] in finish("paid") }
        return controller
    }
}

@MainActor
private final class CartStep: ModalCoordinator<String>, RestoredChildResultReceiver {
    override var viewController: UIViewController {
        let controller = UIViewController()
        controller.title = "Cart"
        return controller
    }

    func payment(_ result: String?) {
        Journey.log.append("Cart got \(result ?? "dismissed")")
        if result != nil { finish("ordered") }
    }

    func restoredChild(_ child: AnyObject, didFinishWith result: Any?) {
        payment(result as? String)
    }
}

@MainActor
@Suite("Restoring the app's own coordinators (X9)", .cleanSimulatedWorld)
struct RestoredCoordinatorsTests {
    let loop = SimRunLoop.main

    /// A visible window whose stack "shop" shows the catalog, run by a started shop coordinator.
    private func shopWindow() -> (UIWindow, UINavigationController, ShopCoordinator) {
        let navigation = UINavigationController()
        navigation.restorationIdentifier = "shop"
        let window = UIWindow()
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        let shop = ShopCoordinator(rootViewController: navigation)
        shop.start()
        shop.root(titled("Catalog", id: "catalog"))
        return (window, navigation, shop)
    }

    /// A legacy shop (parent and child coordinator on one stack) and an Insecurity checkout chain presented over it.
    private func liveApp() -> (UIWindow, [AnyObject]) {
        let (window, navigation, shop) = shopWindow()
        let product = ProductCoordinator(rootViewController: navigation)
        shop.startChild(coordinator: product)
        product.show(titled("Product", id: "product"))
        loop.runUntilIdle()
        let host = InsecurityHost(modal: navigation)
        let cart = CartStep()
        host.start(cart, animated: false) { _ in }
        cart.navigation.start(PaymentStep(), animated: false) { [unowned cart] in cart.payment($0.value) }
        loop.runUntilIdle()
        return (window, [shop, host])
    }

    private func factories() -> CoordinatorFactories {
        var factories = CoordinatorFactories()
        factories.register(CartStep.self) { CartStep() }
        factories.register(PaymentStep.self) { PaymentStep() }
        factories.register(ShopCoordinator.self) { ShopCoordinator(rootViewController: $0 as? UINavigationController) }
        factories.register(ProductCoordinator.self) {
            ProductCoordinator(rootViewController: $0 as? UINavigationController)
        }
        factories.chainFinished = { coordinator, result in
            Journey.log.append("\(type(of: coordinator)) finished the chain with \(result as? String ?? "nothing")")
        }
        return factories
    }

    /// The live app's snapshot, taken after which the live app is gone, and a rebuilder with the app's factories.
    private func snapshotOfStoppedApp() -> (xml: String, rebuilder: BridgeRebuilder) {
        Journey.log = []
        var (window, app) = liveApp()
        let xml = export([window])
        window.rootViewController = nil
        app.removeAll()
        loop.runUntilIdle()
        var rebuilder = BridgeRebuilder(registry: BridgeRegistry(plugins()))
        rebuilder.coordinatorFactories = factories()
        return (xml, rebuilder)
    }

    @Test(
        "X9: an imported tree is made of the app's classes and continues the journey: results, finishes, back button, coordinatorDidFinish"
    )
    func restoredJourney() throws {
        let (xml, rebuilder) = snapshotOfStoppedApp()
        let live = try BridgeSnapshot.importLive(xml, rebuilder: rebuilder)
        let restored = try #require(live.windows.first)
        restored.makeKeyAndVisible()
        #expect(export(live.windows) == xml, "the app's classes describe themselves as the stand-ins did")
        let navigation = try #require(restored.rootViewController as? UINavigationController)
        let cart = try #require(navigation.presentedViewController)
        let payment = try #require(cart.presentedViewController as? PaymentController)

        payment.onPay?()
        loop.runUntilIdle()
        #expect(navigation.presentedViewController == nil, "both restored frames ended and were dismissed")
        #expect(Journey.log == ["Cart got paid", "CartStep finished the chain with ordered"])

        Journey.log = []
        #expect(navigation.simulateBackButtonTap())
        loop.runUntilIdle()
        #expect(
            Journey.log == [
                "ShopCoordinator.handlePopBack(to: Catalog)",
                "ShopCoordinator.coordinatorDidFinish(ProductCoordinator)",
            ])
        let shop = try #require(live.retained.compactMap { $0 as? ShopCoordinator }.first)
        #expect(shop.childCoordinators.isEmpty && shop.isStarted)
        restored.rootViewController = nil
        loop.runUntilIdle()
    }

    @Test(
        "X9: a swipe on a restored sheet delivers 'dismissed' to the restored parent; a factory of the wrong controller type is an error"
    )
    func restoredSwipeAndWrongFactory() throws {
        var (xml, rebuilder) = snapshotOfStoppedApp()
        let live = try BridgeSnapshot.importLive(xml, rebuilder: rebuilder)
        live.windows.first?.makeKeyAndVisible()
        let payment = try #require(
            live.windows.first?.rootViewController?.presentedViewController?.presentedViewController)
        #expect(payment.simulateInteractiveDismissal())
        loop.runUntilIdle()
        #expect(Journey.log == ["Cart got dismissed"])
        live.windows.first?.rootViewController = nil

        final class WrongPayment: ModalCoordinator<String> {
            override var viewController: UIViewController { UIViewController() }
        }
        var wrong = CoordinatorFactories()
        wrong.register(WrongPayment.self) { WrongPayment() }
        rebuilder.coordinatorFactories = wrong
        let renamed = xml.replacingOccurrences(of: #"coordinator="PaymentStep""#, with: #"coordinator="WrongPayment""#)
        #expect {
            try BridgeSnapshot.importLive(renamed, rebuilder: rebuilder)
        } throws: { error in
            "\(error)".contains("WrongPayment made a UIViewController, not a PaymentController")
        }
        loop.runUntilIdle()
    }

    @Test(
        "A11, X2: the host that presented for a legacy coordinator is recorded as the adapter's, and after the import what the coordinator presents joins its chain"
    )
    func presentingHostAcrossRestore() throws {
        let (window, _, shop) = shopWindow()
        shop.present(titled("Basket", id: "basket"))
        loop.runUntilIdle()
        let registry = BridgeRegistry([ResponderCoordinatorPlugin.shared])
        let xml = BridgeSnapshot.export([window], registry: registry)
        #expect(
            xml.contains(#"<host id="shop/modal" base="modal" on="shop" framework="ResponderCoordinator">"#), "\(xml)")
        window.rootViewController = nil
        loop.runUntilIdle()

        var rebuilder = BridgeRebuilder(registry: registry)
        rebuilder.coordinatorFactories.register(ShopCoordinator.self) { root in
            ShopCoordinator(rootViewController: root as? UINavigationController ?? UINavigationController())
        }
        let live = try BridgeSnapshot.importLive(xml, rebuilder: rebuilder)
        #expect(BridgeSnapshot.export(live.windows, registry: registry) == xml)
        live.windows[0].makeKeyAndVisible()
        let restored = try #require(
            ResponderCoordinatorPlugin.shared.coordinators(in: live.windows).first as? ShopCoordinator)
        restored.present(titled("Address", id: "address"))
        loop.runUntilIdle()
        let modalHosts = InsecurityHost.hosts(in: live.windows).filter {
            if case .modal = $0.hostBase { return true }
            return false
        }
        #expect(modalHosts.count == 1, "one chain presents for the coordinators of the stack")
        #expect(modalHosts.first?.liveCoordinatorTypes == ["ShopCoordinator", "ShopCoordinator"])
        #expect(
            live.windows[0].rootViewController?.presentedViewController?.presentedViewController?.title == "Address")
        live.windows[0].rootViewController = nil
        loop.runUntilIdle()
        withExtendedLifetime(shop) {}
    }

    @Test(
        "X9: a coordinator class that names itself otherwise (overrides bridgedTypeName) is restored by the factory registered for its class, not as a stand-in"
    )
    func renamedCoordinatorClass() throws {
        final class CheckoutV2: ModalCoordinator<String> {
            override var bridgedTypeName: String { "Checkout" }
            override var viewController: UIViewController { titled("Checkout", id: "checkout") }
        }
        let window = UIWindow()
        window.rootViewController = titled("Home", id: "home")
        window.makeKeyAndVisible()
        let host = InsecurityHost(modal: try #require(window.rootViewController))
        host.start(CheckoutV2(), animated: false) { _ in }
        loop.runUntilIdle()
        let xml = export([window])
        #expect(xml.contains(#"coordinator="Checkout""#), "snapshots record the name the class reports")
        window.rootViewController = nil
        loop.runUntilIdle()

        var rebuilder = BridgeRebuilder(registry: BridgeRegistry(plugins()))
        rebuilder.coordinatorFactories.register(CheckoutV2.self) { CheckoutV2() }
        let live = try BridgeSnapshot.importLive(xml, rebuilder: rebuilder)
        #expect(export(live.windows) == xml)
        let frame = try #require(live.hosts.first?.frameDescriptions.first)
        #expect(frame.coordinator is CheckoutV2, "the app's class, not a stand-in: \(String(describing: frame.coordinator))")
        live.windows[0].rootViewController = nil
        loop.runUntilIdle()
    }
}
