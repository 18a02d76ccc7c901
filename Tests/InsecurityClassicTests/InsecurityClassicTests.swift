@_spi(Adapters) import Insecurity
import InsecurityClassic
import SimUIKit
import SimulationTesting
import Testing

// Seed 002's example, with only the import changed.
struct PaymentMethodScreenResult: Equatable, Sendable {
    let method: String
}

struct PaymentMethod: Equatable, Sendable {
    let name: String
}

final class PaymentMethodViewController: UIViewController {
    var onDone: ((PaymentMethodScreenResult) -> Void)?
    var onNewPaymentMethodRequested: (() -> Void)?
}

final class AddPaymentMethodCoordinator: InsecurityChild<PaymentMethod> {
    override var viewController: UIViewController {
        let controller = UIViewController()
        controller.title = "Add"
        return controller
    }
}

class PaymentMethodCoordinator: InsecurityChild<PaymentMethodScreenResult> {
    /// How the example's child is started: the three rows of seed 002's usage.
    enum Start { case plain, newNavigation, modal }
    var how = Start.plain
    weak var shown: PaymentMethodViewController?

    override var viewController: UIViewController {
        let viewController = PaymentMethodViewController()

        viewController.onDone = { result in
            self.finish(result)
        }

        viewController.onNewPaymentMethodRequested = {
            let addPaymentMethodCoordinator = AddPaymentMethodCoordinator()
            switch self.how {
            case .plain:
                self.navigation.start(addPaymentMethodCoordinator, animated: true) { result in
                    // `result` is the PaymentMethod
                }
            case .newNavigation:
                let navigationController = UINavigationController()

                self.navigation.start(navigationController, addPaymentMethodCoordinator, animated: true) { result in

                }
            case .modal:
                self.navigation.startModal(addPaymentMethodCoordinator, animated: true) { result in

                }
            }
        }
        shown = viewController
        return viewController
    }
}

@MainActor
@Suite("InsecurityChild (seed 002)", .cleanSimulatedWorld)
struct InsecurityClassicTests {
    enum Context: String, CaseIterable, Sendable {
        case navigation, modal
    }

    enum Outcome: Equatable {
        case pushed, presented, presentedInNewNavigation
    }

    /// Seed 002's summary table.
    static func expected(_ start: PaymentMethodCoordinator.Start, in context: Context) -> Outcome {
        switch (start, context) {
        case (.plain, .navigation): .pushed
        case (.plain, .modal): .presented
        case (.newNavigation, _): .presentedInNewNavigation
        case (.modal, _): .presented
        }
    }

    @Test(
        "A6: seed 002's summary table",
        arguments: [PaymentMethodCoordinator.Start.plain, .newNavigation, .modal], Context.allCases
    )
    func summaryRow(start: PaymentMethodCoordinator.Start, context: Context) {
        let loop = SimRunLoop.main
        let window = UIWindow()
        let navigation = UINavigationController(rootViewController: UIViewController())
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        let host = context == .navigation ? InsecurityHost(navigation: navigation) : InsecurityHost(modal: navigation)
        let parent = PaymentMethodCoordinator()
        parent.how = start
        var result: PaymentMethodScreenResult?
        host.start(parent, animated: false) { result = $0.value }
        parent.shown?.onNewPaymentMethodRequested?()
        loop.runUntilIdle()

        let added = host.frameDescriptions.last?.controller
        let outcome: Outcome? =
            if added?.parent === navigation {
                .pushed
            } else if let newNavigation = added?.parent as? UINavigationController,
                newNavigation.presentingViewController != nil
            { .presentedInNewNavigation } else if added?.presentingViewController != nil { .presented } else { nil }
        #expect(added?.title == "Add")
        #expect(outcome == Self.expected(start, in: context))

        parent.shown?.onDone?(PaymentMethodScreenResult(method: "card"))
        loop.runUntilIdle()
        #expect(result == PaymentMethodScreenResult(method: "card"))
        #expect(host.frameDescriptions.isEmpty)
        #expect(navigation.viewControllers.count == 1)
        #expect(navigation.presentedViewController == nil)
    }

    @Test("A6: children of a child started in a new navigation controller push onto it")
    func nestedContext() {
        let loop = SimRunLoop.main
        let window = UIWindow()
        let root = UIViewController()
        window.rootViewController = root
        window.makeKeyAndVisible()
        let host = InsecurityHost(modal: root)
        let first = AddPaymentMethodCoordinator()
        let navigation = UINavigationController()
        let outer = PaymentMethodCoordinator()
        host.start(outer, animated: false) { _ in }
        outer.navigation.start(navigation, first, animated: false) { _ in }
        let second = AddPaymentMethodCoordinator()
        first.navigation.start(second, animated: false) { _ in }
        loop.runUntilIdle()
        #expect(navigation.viewControllers.count == 2)
        let navigationTyped: any InsecurityNavigation = second.navigation
        navigationTyped.startModal(AddPaymentMethodCoordinator(), animated: false) { _ in }
        loop.runUntilIdle()
        #expect(navigation.presentedViewController?.title == "Add")
    }

    @Test(
        "A6, E13: an InsecurityChild starts as a window's root inside a new navigation controller with a custom transition"
    )
    func windowStartWithTransition() {
        let window = UIWindow()
        window.makeKeyAndVisible()
        let app = WindowCoordinator(window)
        let navigation = UINavigationController()
        let first = AddPaymentMethodCoordinator()
        app.navigation.start(navigation, first, duration: 0.25, options: .transitionFlipFromRight) { _ in }
        #expect(window.rootViewController === navigation && navigation.viewControllers.map(\.title) == ["Add"])
        #expect(window.runningTransition?.options == .transitionFlipFromRight)
        first.navigation.start(AddPaymentMethodCoordinator(), animated: false) { _ in }
        SimRunLoop.main.runUntilIdle()
        #expect(navigation.viewControllers.count == 2, "later starts push onto the new navigation controller")
    }
}
