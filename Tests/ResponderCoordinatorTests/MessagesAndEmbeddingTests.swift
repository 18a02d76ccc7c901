import CoordinatorBridge
@_spi(Adapters) import Insecurity
import ResponderCoordinator
import SimUIKit
import SimulationTesting
import TestSupport
import Testing

struct AddToCart: CoordinatingMessage {
    let product: String
}

struct SignOut: CoordinatingMessage {}

@MainActor
final class CartCoordinator: ResponderCoordinator.NavigationCoordinator {
    var cart: [String] = []

    override func handle(_ message: any CoordinatingMessage) -> Bool {
        guard let add = message as? AddToCart else { return false }
        cart.append(add.product)
        return true
    }
}

/// A data-source question a list controller asks up the chain (A9).
struct CartItemCount: CoordinatingQuestion {
    typealias Answer = Int
}

/// A question the app coordinator answers, with the wrong type.
struct CartTitle: CoordinatingQuestion {
    typealias Answer = String
}

@MainActor
final class AppCoordinator: ResponderCoordinator.NavigationCoordinator {
    var signedOut = false
    var itemCount = 0

    override func answer(_ question: any CoordinatingQuestion) -> Any? {
        switch question {
        case is CartItemCount: itemCount
        case is CartTitle: 42
        default: nil
        }
    }

    override func handle(_ message: any CoordinatingMessage) -> Bool {
        switch message {
        case is SignOut:
            signedOut = true
            return true
        default:
            return false
        }
    }
}

@MainActor
final class PaymentFlow: ModalCoordinator<String> {
    weak var controller: UIViewController?

    override var viewController: UIViewController {
        let controller = makeScreen("Payment")
        self.controller = controller
        return controller
    }
}

/// A legacy sign-up flow that reports to its parent when done.
@MainActor
final class SignUp: ResponderCoordinator.NavigationCoordinator {
    var email: String?

    override func start(with completion: @escaping () -> Void = {}) {
        super.start(with: completion)
        root(makeScreen("Email"))
    }

    func complete(_ email: String) {
        self.email = email
        parent?.coordinatorDidFinish(self) {}
    }
}

@MainActor
@Suite("Messages and embedding", .cleanSimulatedWorld)
struct MessagesAndEmbeddingTests {
    let loop = SimRunLoop.main

    /// An app coordinator with a cart coordinator as its child, sharing one stack; the cart shows a
    /// controller named `shown`.
    private func cartTree(showing shown: String) -> (UIWindow, AppCoordinator, CartCoordinator, UIViewController) {
        let (window, navigation) = makeStack()
        let app = AppCoordinator(rootViewController: navigation)
        app.start()
        app.root(makeScreen("Home"))
        let cart = CartCoordinator(rootViewController: navigation)
        app.startChild(coordinator: cart)
        let controller = makeScreen(shown)
        cart.show(controller)
        loop.runUntilIdle()
        return (window, app, cart, controller)
    }

    @Test("A4: a message travels from a controller up through its coordinator and parent coordinators")
    func messageChain() {
        let (window, app, cart, product) = cartTree(showing: "Product")
        #expect(product.coordinatingResponder === cart)
        #expect(product.coordinatingResponder?.send(AddToCart(product: "tea")) == true)
        #expect(cart.cart == ["tea"])
        #expect(product.coordinatingResponder?.send(SignOut()) == true, "passed on to the parent")
        #expect(app.signedOut)
        struct Unknown: CoordinatingMessage {}
        let unhandled = InsecurityDiagnostics.capture {
            #expect(product.coordinatingResponder?.send(Unknown()) == false)
        }
        #expect(unhandled.map(\.code) == [.unhandledCoordinatingMessage])
        _ = window
    }

    @Test("A9: a question asked from a controller is answered by the first coordinator up the chain that answers it")
    func questionChain() {
        let (window, app, _, list) = cartTree(showing: "List")
        app.itemCount = 3
        // The cart coordinator answers nothing: the question passes it and reaches the app coordinator.
        let answered = InsecurityDiagnostics.capture {
            #expect(list.coordinatingResponder?.ask(CartItemCount()) == 3)
        }
        #expect(answered.isEmpty)
        // An answer of the wrong type is reported and ignored; the question goes on up and nobody answers.
        let mistyped = InsecurityDiagnostics.capture {
            #expect(list.coordinatingResponder?.ask(CartTitle()) == nil)
        }
        #expect(mistyped.map(\.code) == [.unhandledCoordinatingMessage, .unhandledCoordinatingMessage])
        #expect(mistyped.first?.message.contains("answered CartTitle with a Int, not a String") == true)
        struct Unknown: CoordinatingQuestion { typealias Answer = Bool }
        let unanswered = InsecurityDiagnostics.capture {
            #expect(list.coordinatingResponder?.ask(Unknown()) == nil)
        }
        #expect(unanswered.count == 1)
        #expect(unanswered.first?.message.contains("No coordinator answered Unknown") == true)
        _ = window
    }

    @Test("A5: an Insecurity chain started from a legacy coordinator keeps its host exactly while it lives")
    func embeddedChain() {
        let (window, navigation) = makeStack()
        let app = AppCoordinator(rootViewController: navigation)
        app.start()
        app.root(makeScreen("Home"))
        let hostsBefore = InsecurityHost.hosts(in: [window]).count
        var result: CoordinatorResult<String>?
        weak var flow: PaymentFlow?
        do {
            let payment = PaymentFlow()
            flow = payment
            app.startInsecurityChain(payment, animated: true) { result = $0 }
        }
        loop.runUntilIdle()
        #expect(InsecurityHost.hosts(in: [window]).count == hostsBefore + 1)
        weak let host = InsecurityHost.hosts(in: [window]).last
        #expect(navigation.presentedViewController?.title == "Payment")
        flow?.finish("card")
        loop.runUntilIdle()
        #expect(result == .normal("card"))
        #expect(host == nil, "the host is released when the chain ends")
        #expect(InsecurityHost.hosts(in: [window]).count == hostsBefore)
        #expect(flow == nil)
        _ = window
    }

    @Test("A5: a chain embedded on a window or a plain controller releases its host even when the user ends it")
    func embeddedOnControllerSwiped() {
        let window = UIWindow()
        let root = makeScreen("Root")
        window.rootViewController = root
        window.makeKeyAndVisible()
        let hostsBefore = InsecurityHost.hosts(in: [window]).count
        var result: CoordinatorResult<String>?
        InsecurityEmbedding.start(PaymentFlow(), on: root, animated: false) { result = $0 }
        loop.runUntilIdle()
        weak let host = InsecurityHost.hosts(in: [window]).last
        #expect(host != nil)
        root.presentedViewController?.simulateInteractiveDismissal()
        loop.runUntilIdle()
        #expect(result == .dismissed)
        #expect(host == nil, "the host is released when the user ends the chain")
        #expect(InsecurityHost.hosts(in: [window]).count == hostsBefore)
    }

    @Test("A5: an Insecurity coordinator runs a legacy subtree and gets its result when it finishes")
    func legacySubtree() {
        let window = UIWindow()
        let root = makeScreen("Root")
        window.rootViewController = root
        window.makeKeyAndVisible()
        let host = InsecurityHost(modal: root)
        let signUp = SignUp(rootViewController: UINavigationController())
        var result: CoordinatorResult<String>?
        host.start(LegacyFlowCoordinator(signUp) { $0.email ?? "" }, animated: true) { result = $0 }
        loop.runUntilIdle()
        #expect(signUp.isStarted)
        #expect(root.presentedViewController === signUp.rootViewController)
        signUp.show(makeScreen("Password"))
        loop.runUntilIdle()
        signUp.complete("a@b.c")
        loop.runUntilIdle()
        #expect(result == .normal("a@b.c"))
        #expect(!signUp.isStarted)
        #expect(root.presentedViewController == nil)
    }
}
