// The README's engine example, compiled (not run) with the declarations it assumes.
import Insecurity
import SimUIKit

struct Card {}

final class PaymentMethodViewController: UIViewController {
    var onChosen: ((String) -> Void)?
    var onAddCard: (() -> Void)?
}

final class AddCardCoordinator: Insecurity.NavigationCoordinator<Card> {
    override var viewController: UIViewController { UIViewController() }
}

@MainActor
func engineSnippet(existingController: UIViewController) async {
    final class PaymentMethodCoordinator: ModalCoordinator<String> {
        override var viewController: UIViewController {   // read once, when the coordinator starts
            let controller = PaymentMethodViewController()
            controller.onChosen = { [unowned self] method in self.finish(method) }
            controller.onAddCard = { [unowned self] in
                self.navigation.start(UINavigationController(), AddCardCoordinator(), animated: true) { result in
                    // result: CoordinatorResult<Card>, .normal(card) or .dismissed
                }
            }
            return controller
        }
    }

    let host = InsecurityHost(modal: existingController)      // retain it while the chain lives
    host.start(PaymentMethodCoordinator(), animated: true) { result in
        print(result.value ?? "dismissed")
    }
    let method = await host.start(PaymentMethodCoordinator(), animated: true)   // async form
    print(method.value ?? "dismissed")
}
