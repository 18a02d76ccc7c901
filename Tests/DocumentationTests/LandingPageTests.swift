import BridgeSnapshot
import CoordinatorBridge
import Insecurity
import InsecurityClassic
import SimUIKit
import SimulationTesting
import Testing

import class ResponderCoordinator.NavigationCoordinator
import class ResponderCoordinator.ResponderCoordinatorPlugin

/// Each DocC landing page's code, run: what its comments promise happens.
@MainActor
@Suite("Landing pages' code, run", .cleanSimulatedWorld)
struct LandingPageTests {
    /// A key window whose root is `root`.
    private func window(_ root: UIViewController) -> UIWindow {
        let window = UIWindow(frame: UIScreen.main.bounds)
        window.rootViewController = root
        window.makeKeyAndVisible()
        return window
    }

    @Test("SimUIKit: the push animates on the virtual clock and the user's Back pops it")
    func simUIKit() {
        #expect(simUIKitLanding() == 1)
        SimRunLoop.main.runUntilIdle()
    }

    @Test("SimUIKit's Getting started: the push is done once the clock moved by its duration")
    func gettingStartedPushes() {
        #expect(gettingStarted() == 2)
        SimRunLoop.main.runUntilIdle()
    }

    @Test("Insecurity's host page: the product is pushed on the existing stack; Back ends it without an order")
    func hostPushesOnAnExistingStack() {
        let navigation = UINavigationController(rootViewController: UIViewController())
        let window = window(navigation)
        var ordered: String?? = .none
        let host = insecurityHostExample(navigationController: navigation) { ordered = .some($0) }
        SimRunLoop.main.runUntilIdle()
        #expect(navigation.topViewController is ProductDetailViewController)
        navigation.simulateBackButtonTap()
        SimRunLoop.main.runUntilIdle()
        #expect(ordered == .some(nil))
        withExtendedLifetime(host) { window.rootViewController = nil }
    }

    @Test("Insecurity: the terms sheet is presented on the settings screen and its answer reaches the app")
    func insecurity() throws {
        let settings = UIViewController()
        let window = window(settings)
        var answer: Bool?
        let host = insecurityLanding(settingsViewController: settings) { answer = $0 }
        SimRunLoop.main.runUntilIdle()
        let terms = try #require(settings.presentedViewController as? TermsViewController)
        terms.onAnswer?(true)
        SimRunLoop.main.runUntilIdle()
        #expect(answer == true)
        #expect(settings.presentedViewController == nil)
        withExtendedLifetime(host) { window.rootViewController = nil }
    }

    @Test("InsecurityClassic: a child started in a navigation context is pushed, and its result comes back")
    func insecurityClassic() {
        final class Parent: InsecurityChild<Void> {
            override var viewController: UIViewController { UIViewController() }
        }
        let navigation = UINavigationController(rootViewController: UIViewController())
        let window = window(navigation)
        let host = InsecurityHost(navigation: navigation)
        let parent = Parent()
        host.start(parent, animated: false) { _ in }
        var chosen: String?? = .none
        insecurityClassicLanding(parent: parent) { chosen = .some($0) }
        SimRunLoop.main.runUntilIdle()
        #expect(navigation.viewControllers.count == 3)
        navigation.simulateBackButtonTap()
        SimRunLoop.main.runUntilIdle()
        #expect(chosen == .some(nil), "going back is no filter")
        window.rootViewController = nil
    }

    @Test(
        "ResponderCoordinator, CoordinatorBridge, BridgeSnapshot and BridgeTools: the shop, drawn, diffed, replayed, planned"
    )
    func legacyShop() throws {
        let navigation = UINavigationController()
        navigation.restorationIdentifier = "shop"
        let window = window(navigation)
        let shop = responderCoordinatorLanding(navigationController: navigation)
        SimRunLoop.main.runUntilIdle()
        #expect(navigation.viewControllers.count == 2)
        #expect(coordinatorBridgeLanding(window: window).contains("ResponderCoordinator NavigationCoordinator"))

        let differences = try bridgeSnapshotLanding(window: window) {
            navigation.simulateBackButtonTap()
            SimRunLoop.main.runUntilIdle()
        }
        #expect(differences.contains { $0.description.contains(": on stack \"shop\" (2)") && $0.change == .removed })
        #expect(shop.viewControllers.count == 1, "the user's Back reached the coordinator")

        shop.show(UIViewController())
        SimRunLoop.main.runUntilIdle()
        let registry = BridgeRegistry([ResponderCoordinatorPlugin.shared])
        let tree = BridgeReader(registry: registry).read([window])
        let (steps, plan) = try bridgeToolsLanding(windows: [window], legacyTree: tree)
        #expect(steps == ["line 1: back shop", "line 2: wait"])
        #expect(navigation.viewControllers.count == 1)
        #expect(plan.hasPrefix("NavigationCoordinator -> NavigationFlow"))
        shop.stop()
        window.rootViewController = nil
    }
}
