// The README's XCTest example, verbatim.
import SimUIKit
import SimulationTesting
import XCTest

final class CheckoutXCTests: SimulatedWorldTestCase, @unchecked Sendable {
    func testConfirmationAppears() {
        onMainActor {
            let window = UIWindow()
            let home = UIViewController()
            window.rootViewController = home
            window.makeKeyAndVisible()
            let shown = expectation(description: "confirmation shown")
            home.present(UIViewController(), animated: true) { shown.fulfill() }
            waitOnSimulatedClock(for: [shown], timeout: 1)
        }
    }
}
