// A legacy shop written the way apps of the UIResponder-style Coordinator library are written: an app
// delegate, a tab bar (catalog, cart, account) with one navigation coordinator per tab, messages sent up
// the responder chain, an alert, a login sheet the user half-swipes and lets go, and queued messages that
// wait for the session. Checkout is an Insecurity chain embedded mid-app. Halfway through paying, the
// app's navigation is exported as a snapshot, imported into a fresh window with the app's own
// coordinators, and the journey continues there. Run: swift run LegacyShop
import BridgeSnapshot
import CoordinatorBridge
import Foundation
import Insecurity
import ResponderCoordinator
import SimUIKit

// MARK: Screens

@MainActor
func screen(_ title: String, id: String) -> UIViewController {
    let controller = UIViewController()
    controller.title = title
    controller.restorationIdentifier = id
    return controller
}

/// A product page: its button sends a message up the coordinating-responder chain.
final class ProductController: UIViewController {
    let sku: String

    init(sku: String) {
        self.sku = sku
        super.init(nibName: nil, bundle: nil)
        title = sku.capitalized
        restorationIdentifier = sku
        navigationItem.rightBarButtonItem = UIBarButtonItem(
            title: "Add to cart",
            primaryAction: UIAction { [unowned self] _ in
                send(AddToCart(sku: self.sku))
            })
    }

    required init?(coder: NSCoder) { fatalError("made in code") }
}

final class LoginController: UIViewController {
    var onLogin: ((String) -> Void)?
}

final class PaymentController: UIViewController {
    var onPay: (() -> Void)?
}

// MARK: Messages

struct AddToCart: CoordinatingMessage { let sku: String }

// MARK: Legacy coordinators

@MainActor
final class AppCoordinator: Coordinator<UITabBarController> {
    var cart: CartCoordinator? { childCoordinators["CartCoordinator"] as? CartCoordinator }

    override func handle(_ message: any CoordinatingMessage) -> Bool {
        guard let add = message as? AddToCart, let cart else { return false }
        cart.add(add.sku)
        return true
    }
}

@MainActor
final class CatalogCoordinator: ResponderCoordinator.NavigationCoordinator {
    func showProduct(_ sku: String) { show(ProductController(sku: sku)) }

    func alreadyInCart(_ sku: String) {
        let alert = UIAlertController(
            title: "\(sku.capitalized) is already in your cart", message: nil, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "OK", style: .default))
        present(alert)
    }
}

@MainActor
final class CartCoordinator: ResponderCoordinator.NavigationCoordinator {
    private(set) var items: [String] = []
    private(set) var orders: [String] = []

    func add(_ sku: String) {
        guard !items.contains(sku) else {
            (parent?.childCoordinators["CatalogCoordinator"] as? CatalogCoordinator)?.alreadyInCart(sku)
            return
        }
        items.append(sku)
        rootViewController.tabBarItem.badgeValue = "\(items.count)"
    }

    func checkOut() {
        startInsecurityChain(CheckoutCoordinator(), animated: true) { [weak self] result in
            self?.orderPlaced(result.value)
        }
    }

    func orderPlaced(_ order: String?) {
        guard let order else { return }
        print("   CartCoordinator: \(order)")
        orders.append(order)
        items.removeAll()
        rootViewController.tabBarItem.badgeValue = nil
    }
}

@MainActor
final class AccountCoordinator: ResponderCoordinator.NavigationCoordinator {
    var session: String?

    /// The library's idiom: a message that needs the session waits for it in the queue.
    func showOrders() {
        guard let session else {
            enqueueMessage { [unowned self] in self.showOrders() }
            return
        }
        show(screen("Orders of \(session)", id: "orders"))
    }

    func logIn() {
        let login = LoginController()
        login.title = "Log in"
        login.restorationIdentifier = "login"
        login.onLogin = { [unowned self] user in
            session = user
            dismiss { self.processQueuedMessages() }
        }
        present(login)
    }
}

// MARK: The Insecurity checkout

@MainActor
final class CheckoutCoordinator: ModalCoordinator<String>, RestoredChildResultReceiver {
    override var viewController: UIViewController { screen("Checkout", id: "checkout") }

    func pay() {
        navigation.start(PaymentCoordinator(), animated: true) { [weak self] result in self?.paid(result.value) }
    }

    func paid(_ receipt: String?) {
        if let receipt { finish("order placed, \(receipt)") }
    }

    /// After a restore, the payment's result arrives here instead of through the lost completion closure.
    func restoredChild(_ child: AnyObject, didFinishWith result: Any?) { paid(result as? String) }
}

@MainActor
final class PaymentCoordinator: ModalCoordinator<String> {
    override var viewController: UIViewController {
        let controller = PaymentController()
        controller.title = "Payment"
        controller.restorationIdentifier = "payment"
        controller.onPay = { [unowned self] in finish("paid 42 EUR") }
        return controller
    }
}

// MARK: The app

@MainActor
final class AppDelegate: UIApplicationDelegate {
    var window: UIWindow?
    var app: AppCoordinator?

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        let tabs = UITabBarController()
        tabs.restorationIdentifier = "tabs"
        let stacks = ["catalogTab", "cartTab", "accountTab"].map { id in
            let stack = UINavigationController()
            stack.restorationIdentifier = id
            return stack
        }
        tabs.viewControllers = stacks
        window = UIWindow(frame: UIScreen.main.bounds)
        window?.restorationIdentifier = "main"
        window?.rootViewController = tabs
        window?.makeKeyAndVisible()

        let app = AppCoordinator(rootViewController: tabs)
        app.start()
        let catalog = CatalogCoordinator(rootViewController: stacks[0])
        let cart = CartCoordinator(rootViewController: stacks[1])
        let account = AccountCoordinator(rootViewController: stacks[2])
        for child in [catalog, cart, account] as [Coordinating] { app.startChild(coordinator: child) }
        catalog.root(screen("Catalog", id: "catalog"))
        cart.root(screen("Cart", id: "cart"))
        account.root(screen("Account", id: "account"))
        self.app = app
        return true
    }
}

/// The app's own coordinators, by type name, for restoring a snapshot.
@MainActor
func shopFactories() -> CoordinatorFactories {
    var factories = CoordinatorFactories()
    factories.register(AppCoordinator.self) { AppCoordinator(rootViewController: $0 as? UITabBarController) }
    factories.register(CatalogCoordinator.self) {
        CatalogCoordinator(rootViewController: $0 as? UINavigationController)
    }
    factories.register(CartCoordinator.self) { CartCoordinator(rootViewController: $0 as? UINavigationController) }
    factories.register(AccountCoordinator.self) {
        AccountCoordinator(rootViewController: $0 as? UINavigationController)
    }
    factories.register(CheckoutCoordinator.self) { CheckoutCoordinator() }
    factories.register(PaymentCoordinator.self) { PaymentCoordinator() }
    return factories
}

/// Stops the example with an error when the journey went wrong (CI runs it).
struct JourneyError: Error, CustomStringConvertible {
    let description: String
}

func expect(_ condition: Bool, _ what: String) throws {
    guard condition else { throw JourneyError(description: "expected \(what)") }
}

/// Prints the journey step by step: each caption, then the bridged tree of the window on screen.
@MainActor
final class Journey {
    let registry = BridgeRegistry([ResponderCoordinatorPlugin.shared])
    var window: UIWindow?

    func step(_ caption: String) {
        SimRunLoop.main.runUntilIdle()
        print("== \(caption)")
        if let window { print(BridgeReader(registry: registry).read([window]).rendered()) }
        print()
    }
}

/// The user shops in the launched app: a product, the cart, an alert, then the account tab's login sheet.
@MainActor
func shop(in app: AppCoordinator, _ journey: Journey) throws {
    let tabs = app.rootViewController!
    let catalog = app.childCoordinators["CatalogCoordinator"] as! CatalogCoordinator
    let account = app.childCoordinators["AccountCoordinator"] as! AccountCoordinator
    journey.step("the app launches on a tab bar: catalog, cart, account")

    catalog.showProduct("teapot")
    journey.step("the user opens a product")

    let product = tabs.selectedViewController.flatMap { ($0 as? UINavigationController)?.topViewController }
    product?.navigationItem.rightBarButtonItem?.simulateTap()
    product?.navigationItem.rightBarButtonItem?.simulateTap()
    journey.step("Add to cart twice: a message up the chain, then an alert from the catalog coordinator")
    try expect(
        app.cart?.items == ["teapot"] && tabs.presentedViewController is UIAlertController, "one item and an alert")
    if let alert = tabs.presentedViewController as? UIAlertController, let ok = alert.actions.first {
        alert.simulateTap(on: ok)
    }

    tabs.simulateTabTap(2)
    account.showOrders()
    print("   queued messages waiting for a session: \(account.queuedMessages.count)")
    account.logIn()
    journey.step("account tab: the orders wait for a login sheet")

    if let swipe = tabs.presentedViewController?.beginInteractiveDismissal() {
        swipe.update(0.4)
        swipe.cancel()
    }
    journey.step("the user pulls the login sheet halfway down and lets go: nothing changes")
    try expect(tabs.presentedViewController is LoginController, "the login sheet to stay")

    (tabs.presentedViewController as? LoginController)?.onLogin?("ada")
    journey.step("login: the sheet leaves and the queued message shows the orders")
    try expect(account.queuedMessages.isEmpty && account.viewControllers.count == 2, "the orders on the account stack")
}

/// The user checks out from the cart tab; the app is exported while the payment screen is up.
@MainActor
func checkOut(in app: AppCoordinator, on window: UIWindow, _ journey: Journey) -> String {
    app.rootViewController!.simulateTabTap(1)
    app.cart?.checkOut()
    SimRunLoop.main.runUntilIdle()
    InsecurityHost.topCoordinator(in: window, as: CheckoutCoordinator.self)?.pay()
    journey.step("cart tab: checkout, an Insecurity chain embedded mid-app, asks for payment")

    let snapshot = BridgeSnapshot.export([window], registry: journey.registry)
    print(
        "== snapshot exported mid-payment: \(snapshot.utf8.count) bytes, \(snapshot.split(separator: "\n").count) lines\n"
    )
    return snapshot
}

/// The snapshot is imported with the app's own coordinators into a fresh window, where the user pays and
/// goes back in the catalog.
@MainActor
func restore(_ snapshot: String, _ journey: Journey) throws {
    var rebuilder = BridgeRebuilder(registry: journey.registry)
    rebuilder.coordinatorFactories = shopFactories()
    // The checkout's completion closure was not in the snapshot: its result reaches the cart of the app on
    // screen (the restored one, key by then) here.
    rebuilder.coordinatorFactories.chainFinished = { _, result in
        let onScreen = [UIApplication.shared.keyWindow].compactMap { $0 }
        let cart = ResponderCoordinatorPlugin.shared.coordinators(in: onScreen)
            .compactMap { $0 as? CartCoordinator }.first
        cart?.orderPlaced(result as? String)
    }
    let restored = try BridgeSnapshot.importLive(snapshot, rebuilder: rebuilder)
    let window = restored.windows[0]
    window.makeKeyAndVisible()
    journey.window = window
    journey.step("imported into a fresh window: the app's own coordinators, mid-payment")
    try expect(
        BridgeSnapshot.export([window], registry: journey.registry) == snapshot,
        "the same snapshot after the round trip")

    let restoredTabs = window.rootViewController as! UITabBarController
    (restoredTabs.presentedViewController?.presentedViewController as? PaymentController)?.onPay?()
    journey.step("the user pays in the restored app: payment, then checkout, finish")
    let restoredCart = ResponderCoordinatorPlugin.shared.coordinators(in: [window])
        .compactMap { $0 as? CartCoordinator }.first
    try expect(
        restoredTabs.presentedViewController == nil && restoredCart?.orders.count == 1,
        "the order placed in the restored app")

    restoredTabs.simulateTabTap(0)
    (restoredTabs.selectedViewController as? UINavigationController)?.simulateBackButtonTap()
    journey.step("catalog tab: Back from the product")
    try expect(
        (restoredTabs.viewControllers?[0] as? UINavigationController)?.viewControllers.count == 1,
        "the catalog back on its root")
    window.rootViewController = nil
    SimRunLoop.main.runUntilIdle()
}

@MainActor
func run() throws {
    let journey = Journey()
    let delegate = AppDelegate()
    UIApplication.shared.simulateLaunch(delegate: delegate)
    journey.window = delegate.window
    let app = delegate.app!
    try shop(in: app, journey)
    let snapshot = checkOut(in: app, on: delegate.window!, journey)
    UIApplication.shared.simulateTermination()
    SimRunLoop.main.runUntilIdle()
    try restore(snapshot, journey)
}

MainActor.assumeIsolated {
    do {
        try run()
    } catch {
        print("error: \(error)")
        exit(1)
    }
}
