import Insecurity
import ResponderCoordinator
import SimulationTesting
import Testing

/// The output of `rewrite-messages` for the fixtures of MessageRewriteTests, compiled here (Rewritten/) and
/// exercised: every message is sent from a controller, as the app's call sites send it.
@MainActor
@Suite("The rewritten shop messages", .cleanSimulatedWorld)
struct RewrittenMessagesTests {
    let window = UIWindow()
    let navigation = UINavigationController()
    let shop: ShopCoordinator
    let cart: GiftCartCoordinator
    let account: AccountCoordinator
    let product = UIViewController()
    let login = UIViewController()

    init() {
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        shop = ShopCoordinator(rootViewController: navigation)
        cart = GiftCartCoordinator(rootViewController: navigation)
        account = AccountCoordinator(rootViewController: navigation)
        shop.start()
        shop.root(UIViewController())
        shop.startChild(coordinator: cart)
        shop.startChild(coordinator: account)
        cart.show(product)
        account.show(login)
        SimRunLoop.main.runUntilIdle()
    }

    @Test("A4: a message with a default argument reaches the handler, and a subclass's handler calls its superclass's")
    func cartAdd() {
        let diagnostics = InsecurityDiagnostics.capture {
            product.coordinatingResponder?.cartAdd("tea", sender: product)
            product.coordinatingResponder?.cartAdd("cup", quantity: 2, sender: product)
            product.coordinatingResponder?.cartAdd("nothing", quantity: 0, sender: product)
        }
        #expect(diagnostics.isEmpty)
        #expect(cart.wrapped == ["tea", "cup", "nothing"])
        #expect(cart.items == ["tea", "cup", "cup"])
    }

    @Test("A9: questions come back with the first answer up the chain")
    func questions() {
        product.coordinatingResponder?.cartAdd("tea", quantity: 2, sender: product)
        let diagnostics = InsecurityDiagnostics.capture {
            #expect(product.coordinatingResponder?.cartItemCount(sender: product) == 2)
            #expect(product.coordinatingResponder?.productTitle(for: "tea", sender: product) == "Green tea")
        }
        #expect(diagnostics.isEmpty)
    }

    @Test("A4: a completion travels with its message; a handler that calls super passes the message on")
    func accountMessages() {
        var accepted: [Bool] = []
        let diagnostics = InsecurityDiagnostics.capture {
            login.coordinatingResponder?.accountLogin(
                "ada@example.com", onSuccess: { accepted.append($0) }, sender: login)
            login.coordinatingResponder?.accountLogin("nobody", onSuccess: { accepted.append($0) }, sender: login)
            login.coordinatingResponder?.appSignOut()
        }
        #expect(diagnostics.isEmpty)
        #expect(accepted == [true, false])
        #expect(account.signedIn == nil, "signed in, then out")
        #expect(shop.signedOut, "the account coordinator passed the sign-out on to the shop")
    }

    @Test("A4: the README's Before block, rewritten, adds the product from the controller's own call")
    func readmeBefore() {
        let app = AppCoordinator(rootViewController: navigation)
        app.start()
        let controller = ProductViewController()
        app.show(controller)
        SimRunLoop.main.runUntilIdle()
        let diagnostics = InsecurityDiagnostics.capture { controller.addToCartTapped() }
        #expect(diagnostics.isEmpty)
        #expect(app.cart.products.map(\.name) == ["Teapot"])
        app.stop()
    }
}
