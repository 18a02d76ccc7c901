// A shared coordinator file: the iOS app compiles it against UIKit and the published Insecurity library,
// the tests against SimUIKit and the simulation's engine. Only the import block differs, and the same block
// compiles in every setup: this package, which aliases the engine as BridgeInsecurity because the published
// library is in its graph too, and Examples/TestFirstNavigation, which has only the simulation.
#if canImport(UIKit)
    import UIKit
    import Insecurity
#elseif canImport(BridgeInsecurity)
    import SimUIKit
    import BridgeInsecurity
#else
    import SimUIKit
    import Insecurity
#endif

/// The screens the checkout shows. Views stay out of shared files: the app makes these with its real view
/// controllers, and tests with plain ones that let them act as the user.
@MainActor
public protocol CheckoutScreens: AnyObject {
    func cart(onCheckout: @escaping () -> Void) -> UIViewController
    func address(onConfirm: @escaping (String) -> Void) -> UIViewController
    func payment(onPay: @escaping () -> Void) -> UIViewController
}

/// The checkout: the cart, then the delivery address pushed onto the same stack, then payment in a sheet.
/// It finishes with the address the order ships to; leaving it any other way ends it `.dismissed`.
@MainActor
public final class CheckoutCoordinator: NavigationCoordinator<String> {
    private let screens: any CheckoutScreens

    public init(screens: any CheckoutScreens) {
        self.screens = screens
        super.init()
    }

    public override var viewController: UIViewController {
        screens.cart { [weak self] in self?.enterAddress() }
    }

    private func enterAddress() {
        navigation.start(AddressCoordinator(screens: screens), animated: true) { [weak self] result in
            // Back from the address screen leaves the cart where it was.
            if let address = result.value { self?.finish(address) }
        }
    }
}

/// The address screen; confirming it asks for payment, and a payment made finishes it with the address.
@MainActor
final class AddressCoordinator: NavigationCoordinator<String> {
    private let screens: any CheckoutScreens

    init(screens: any CheckoutScreens) {
        self.screens = screens
        super.init()
    }

    override var viewController: UIViewController {
        screens.address { [weak self] address in self?.pay(for: address) }
    }

    private func pay(for address: String) {
        navigation.start(PaymentCoordinator(screens: screens), animated: true) { [weak self] result in
            // A sheet swiped away leaves the address screen for another try.
            if result.value != nil { self?.finish(address) }
        }
    }
}

/// The payment sheet.
@MainActor
final class PaymentCoordinator: ModalCoordinator<Void> {
    private let screens: any CheckoutScreens

    init(screens: any CheckoutScreens) {
        self.screens = screens
        super.init()
    }

    override var viewController: UIViewController {
        screens.payment { [weak self] in self?.finish(()) }
    }
}
