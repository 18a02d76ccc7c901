import SimUIKit
import SimulationTesting
import Testing

@MainActor
@Suite("Storyboards backed by registered scenes", .cleanSimulatedWorld)
struct StoryboardTests {
    final class CatalogViewController: UIViewController {}
    final class ProductViewController: UIViewController {
        var sku: String?
    }

    init() {
        UIStoryboard.simulateStoryboard(
            named: "Shop", initial: "catalog",
            scenes: [
                "catalog": { CatalogViewController() },
                "product": { ProductViewController() },
            ])
        UIStoryboard.simulateStoryboard(named: "Onboarding", scenes: ["welcome": { UIViewController() }])
    }

    @Test("A storyboard makes a new controller per call, of the scene's class, that knows its storyboard")
    func instantiation() throws {
        let storyboard = UIStoryboard(name: "Shop", bundle: nil)
        let product = try #require(
            storyboard.instantiateViewController(withIdentifier: "product") as? ProductViewController)
        let again = storyboard.instantiateViewController(withIdentifier: "product")
        #expect(product !== again, "every call creates a new instance")
        #expect(product.storyboard === storyboard)
        #expect(storyboard.instantiateInitialViewController() is CatalogViewController)
        #expect(UIViewController().storyboard == nil, "a controller made in code has no storyboard")
        #expect(UIStoryboard(name: "Onboarding", bundle: nil).instantiateInitialViewController() == nil)
    }

    @Test("S17: a missing storyboard or identifier raises UIKit's NSInvalidArgumentException")
    func missingScenes() {
        let exceptions = SimExceptions.capture {
            _ = UIStoryboard(name: "Shop", bundle: nil).instantiateViewController(withIdentifier: "cart")
            _ = UIStoryboard(name: "Checkout", bundle: nil)
        }
        #expect(
            exceptions == [
                SimException(
                    name: "NSInvalidArgumentException",
                    reason:
                        "Storyboard (<UIStoryboard \"Shop\">) doesn't contain a view controller with identifier 'cart'"),
                SimException(
                    name: "NSInvalidArgumentException",
                    reason: "Could not find a storyboard named 'Checkout' in bundle NSBundle <main> (loaded)"),
            ])
    }

    @Test("A storyboard's controllers navigate as any other: pushed from the initial controller's stack")
    func storyboardControllersNavigate() {
        let storyboard = UIStoryboard(name: "Shop", bundle: nil)
        let catalog = storyboard.instantiateInitialViewController()!
        let navigation = UINavigationController(rootViewController: catalog)
        let window = UIWindow()
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        let product = catalog.storyboard!.instantiateViewController(withIdentifier: "product")
        catalog.navigationController?.pushViewController(product, animated: true)
        SimRunLoop.main.runUntilIdle()
        #expect(navigation.viewControllers == [catalog, product])
        #expect(product.storyboard === storyboard)
    }
}
