import Insecurity
import SimUIKit
import SimulationTesting
import Testing

// The seeds' snippets, with only the import changed (UIKit -> SimUIKit + Insecurity).
// Types the seeds leave to the user (results, view controllers) are declared here.

struct PaymentMethodScreenResult: Equatable, Sendable {
    let method: String
}

final class PaymentMethodViewController: UIViewController {}

// Seed 000 (and 001)
class PaymentMethodCoordinator: AdaptiveCoordinator<PaymentMethodScreenResult> {
    override var viewController: UIViewController {
        let viewController = PaymentMethodViewController()

        return viewController
    }
}

/// Seed 001's advice on the fallback autoclosure, as a parent coordinator would write it.
class CheckoutCoordinator: ModalCoordinator<Void> {
    var startedChild: PaymentMethodCoordinator?

    override var viewController: UIViewController {
        UIViewController()
    }

    func choosePaymentMethod() {
        let coordinator = PaymentMethodCoordinator()
        startedChild = coordinator
        self.navigation.start(coordinator, in: .navigation(fallback: UINavigationController()), animated: true) { _ in }
    }
}

// Seed 004: starting from an existing UIViewController
enum ModalSeed {
    struct PaymentMethodsScreenResult {}

    class PaymentMethodsCoordinator: ModalCoordinator<PaymentMethodsScreenResult> {
        // Implementation
        override var viewController: UIViewController { UIViewController() }
    }

    class ExistingViewController: UIViewController {
        var customInsecurityHost: InsecurityHost?

        func startPaymentMethodScreen() {
            let insecurityHost = InsecurityHost(modal: self)
            self.customInsecurityHost = insecurityHost

            let paymentMethodCoordinator = PaymentMethodsCoordinator()

            insecurityHost.start(paymentMethodCoordinator, animated: true) { [weak self] result in
                self?.customInsecurityHost = nil
                // result is PaymentMethodsScreenResult?
            }
        }
    }
}

// Seed 004: starting from an existing UINavigationController
enum NavigationSeed {
    struct PaymentMethodsScreenResult {}

    class PaymentMethodsCoordinator: NavigationCoordinator<PaymentMethodsScreenResult> {
        // Now it inherits `NavigationCoordinator`
        override var viewController: UIViewController { UIViewController() }
    }

    class ExistingViewController: UIViewController {
        var customInsecurityHost: InsecurityHost?

        func startPaymentMethodScreenNavigation() {
            let navigationController = self.navigationController!

            let insecurityHost = InsecurityHost(navigation: navigationController)
            self.customInsecurityHost = insecurityHost

            let paymentMethodCoordinator = PaymentMethodsCoordinator()

            insecurityHost.start(paymentMethodCoordinator, animated: true) { [weak self] result in
                self?.customInsecurityHost = nil
                // result is PaymentMethodsScreenResult?
            }
        }
    }
}

@MainActor
@Suite("Seed snippets", .cleanSimulatedWorld)
struct SeedSnippetTests {
    let loop = SimRunLoop.main

    @Test(
        "Seed 000/001: an adaptive payment method screen falls back to a new navigation controller from a modal parent")
    func seed000() {
        let scene = Scene()
        let host = InsecurityHost(modal: scene.root)
        let checkout = CheckoutCoordinator()
        var result: PaymentMethodScreenResult?
        host.start(checkout, animated: false) { _ in }
        checkout.choosePaymentMethod()
        loop.runUntilIdle()
        let presented = scene.root.presentedViewController?.presentedViewController as? UINavigationController
        #expect(presented?.viewControllers.first is PaymentMethodViewController)
        let replacement = PaymentMethodCoordinator()
        checkout.navigation.start(replacement, in: .current, animated: false) { result = $0.value }
        loop.runUntilIdle()
        #expect(checkout.startedChild?.isLive == false, "starting again from the parent replaces its child")
        #expect(
            scene.root.presentedViewController?.presentedViewController is PaymentMethodViewController,
            ".current from a modal parent presents")
        replacement.finish(PaymentMethodScreenResult(method: "card"))
        loop.runUntilIdle()
        #expect(result == PaymentMethodScreenResult(method: "card"))
    }

    @Test("Seed 004: the host retained by an existing controller is released when the chain ends")
    func seed004Modal() {
        let existing = ModalSeed.ExistingViewController()
        let window = UIWindow()
        window.rootViewController = existing
        window.makeKeyAndVisible()
        existing.startPaymentMethodScreen()
        loop.runUntilIdle()
        #expect(existing.customInsecurityHost != nil)
        #expect(existing.presentedViewController?.simulateInteractiveDismissal() == true)
        loop.runUntilIdle()
        #expect(existing.customInsecurityHost == nil)
    }

    @Test("Seed 004: the navigation host pushes onto the existing navigation controller")
    func seed004Navigation() {
        let existing = NavigationSeed.ExistingViewController()
        let navigation = UINavigationController(rootViewController: existing)
        let window = UIWindow()
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        existing.startPaymentMethodScreenNavigation()
        loop.runUntilIdle()
        #expect(navigation.viewControllers.count == 2)
        navigation.simulateBackButtonTap()
        loop.runUntilIdle()
        #expect(existing.customInsecurityHost == nil)
        #expect(navigation.viewControllers == [existing])
    }
}
