// The README tour's first snapshot test, verbatim.
import BridgeSnapshotTesting
import ResponderCoordinator   // brings SimUIKit's UIKit types, as the library brings UIKit's
import SimulationTesting
import SnapshotTesting
import Testing

@MainActor
@Suite("Checkout navigation", .cleanSimulatedWorld)
struct CheckoutNavigationTests {
    @Test func productPage() {
        let navigation = UINavigationController()
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        let shop = NavigationCoordinator(rootViewController: navigation)
        shop.start()
        let product = UIViewController()
        product.title = "Teapot"
        product.restorationIdentifier = "teapot"    // ids name controllers in snapshots
        shop.show(product)
        SimRunLoop.main.runUntilIdle()
        assertSnapshot(of: window, as: .bridgeXML(plugins: [ResponderCoordinatorPlugin.shared]))
        shop.stop()
    }
}
