// This file imports the engine and the classic adapter, as an app's file imports the published
// Insecurity library, and neither SimUIKit nor Foundation: the adapter re-exports both (A10).
import Insecurity
import InsecurityClassic
import SimulationTesting
import Testing

@MainActor
@Suite("A10: the classic adapter's import brings SimUIKit and Foundation", .cleanSimulatedWorld)
struct ReExportTests {
    final class ReceiptScreen: InsecurityChild<Date> {
        override var viewController: UIViewController {
            let receipt = UIViewController()
            receipt.title = "Receipt"
            return receipt
        }
    }

    @Test("A10: a coordinator file importing Insecurity and InsecurityClassic uses UIKit's and Foundation's types")
    func adapterImportIsEnough() {
        let window = UIWindow()
        let navigation = UINavigationController(rootViewController: UIViewController())
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        let host = InsecurityHost(navigation: navigation)
        let receipt = ReceiptScreen()
        var result: Date?
        host.start(receipt, animated: false) { result = $0.value }
        SimRunLoop.main.runUntilIdle()
        #expect(navigation.topViewController?.title == "Receipt")
        receipt.finish(Date(timeIntervalSince1970: 0))
        SimRunLoop.main.runUntilIdle()
        #expect(result == Date(timeIntervalSince1970: 0))
    }
}
