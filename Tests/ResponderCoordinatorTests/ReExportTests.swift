// This file imports only the adapter, as an app's coordinator file imports only the library: it compiles
// because the adapter re-exports SimUIKit, and SimUIKit re-exports Foundation (A10).
import ResponderCoordinator
import SimulationTesting
import Testing

@MainActor
@Suite("A10: the adapter's import brings SimUIKit and Foundation", .cleanSimulatedWorld)
struct ReExportTests {
    /// A legacy coordinator file as apps write it: UIKit's types, Foundation's, the library's.
    final class ReceiptCoordinator: NavigationCoordinator {
        let issued = Date(timeIntervalSince1970: 0)

        func showReceipt(for order: URL) {
            let receipt = UIViewController()
            receipt.title = order.lastPathComponent
            show(receipt)
        }
    }

    @Test("A10: a coordinator file importing only ResponderCoordinator uses UIKit's and Foundation's types")
    func adapterImportIsEnough() {
        let window = UIWindow()
        let navigation = UINavigationController()
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        let coordinator = ReceiptCoordinator(rootViewController: navigation)
        coordinator.start()
        coordinator.showReceipt(for: URL(string: "https://shop.example/orders/42")!)
        #expect(coordinator.viewControllers.map(\.title) == ["42"])
        SimRunLoop.main.runUntilIdle()
        #expect(navigation.viewControllers.map(\.title) == ["42"])
        #expect(coordinator.issued.timeIntervalSince1970 == 0)
    }
}
