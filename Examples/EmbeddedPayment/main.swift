// An existing screen embeds an Insecurity payment flow through a host adapter: no host to retain or
// release by hand, and nothing left alive afterwards. Run: swift run EmbeddedPayment
import CoordinatorBridge
import Insecurity
import SimUIKit

@MainActor
func screen(_ title: String) -> UIViewController {
    let controller = UIViewController()
    controller.title = title
    controller.restorationIdentifier = title.lowercased().replacingOccurrences(of: " ", with: "-")
    return controller
}

@MainActor
final class PaymentMethodsCoordinator: AdaptiveCoordinator<String> {
    override var viewController: UIViewController { screen("Payment methods") }

    func addCard() {
        navigation.start(AddCardCoordinator(), in: .navigation(fallback: UINavigationController()), animated: true) {
            [weak self] result in
            if let card = result.value { self?.finish(card) }
        }
    }
}

@MainActor
final class AddCardCoordinator: AdaptiveCoordinator<String> {
    override var viewController: UIViewController { screen("Add card") }
}

/// The app's existing screen, which knows nothing of coordinators.
@MainActor
final class OrderViewController: UIViewController {
    var status = "unpaid"

    func pay(first: @escaping (PaymentMethodsCoordinator) -> Void) {
        let flow = PaymentMethodsCoordinator()
        InsecurityEmbedding.start(flow, on: self, animated: true) { [weak self] result in
            self?.status = result.value.map { "paid with \($0)" } ?? "payment cancelled"
        }
        first(flow)
    }
}

@MainActor
func run() {
    let loop = SimRunLoop.main
    let window = UIWindow()
    let order = OrderViewController()
    order.title = "Order"
    order.restorationIdentifier = "order"
    window.rootViewController = order
    window.makeKeyAndVisible()
    let reader = BridgeReader(registry: BridgeRegistry())
    func step(_ caption: String) {
        loop.runUntilIdle()
        let top = InsecurityHost.topCoordinator(in: window, as: AnyObject.self).map { "\(type(of: $0))" } ?? "none"
        print("== \(caption)  [order: \(order.status), coordinator on top: \(top)]")
        print(reader.read([window]).rendered())
        print()
    }
    step("the existing order screen")

    var methods: PaymentMethodsCoordinator?
    order.pay { methods = $0 }
    step("the payment flow is presented through a host adapter")

    methods?.addCard()
    step("no navigation controller here, so .navigation(fallback:) builds one")

    InsecurityHost.topCoordinator(in: window, as: AddCardCoordinator.self)?.finish("VISA 4242")
    methods = nil
    step("the card is added: both screens leave in one dismissal and the host is released")

    order.pay { _ in }
    step("paying again")
    order.presentedViewController?.simulateInteractiveDismissal()
    step("the user swipes the sheet down: the flow ends as dismissed, the host is released")
}

MainActor.assumeIsolated { run() }
