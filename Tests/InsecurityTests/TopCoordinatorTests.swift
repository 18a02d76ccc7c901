import Insecurity
import SimUIKit
import SimulationTesting
import TestSupport
import Testing

/// Reaching the coordinator the user is in, without the engine's introspection (which is for adapters).
@MainActor
@Suite("The coordinator on top of a host or a window", .cleanSimulatedWorld)
struct TopCoordinatorTests {
    let loop = SimRunLoop.main

    @Test("A host's top coordinator is its last live frame's, typed; nil for another type or an empty chain")
    func hostTop() {
        let scene = Scene()
        let host = InsecurityHost(modal: scene.root)
        #expect(host.topCoordinator(as: ModalScreen.self) == nil)
        let first = ModalScreen("First")
        host.start(first, animated: false) { _ in }
        let second = ModalScreen("Second")
        first.navigation.start(second, animated: false) { _ in }
        loop.runUntilIdle()
        #expect(host.topCoordinator(as: ModalScreen.self) === second)
        #expect(host.topCoordinator(as: PushScreen.self) == nil)
        second.finish("done")
        loop.runUntilIdle()
        #expect(host.topCoordinator(as: ModalScreen.self) === first)
        first.dismiss()
        loop.runUntilIdle()
    }

    @Test("A window's top coordinator shows its topmost screen: through presentations, stacks and the selected tab")
    func windowTop() throws {
        let list = makeScreen("List")
        let tabs = UITabBarController()
        let shop = UINavigationController(rootViewController: list)
        tabs.viewControllers = [shop, makeScreen("Account")]
        let window = UIWindow()
        window.rootViewController = tabs
        window.makeKeyAndVisible()
        #expect(InsecurityHost.topCoordinator(in: window, as: AnyObject.self) == nil, "the app's own screens")

        let host = InsecurityHost(navigation: shop)
        let detail = PushScreen("Detail")
        host.start(detail, animated: false) { _ in }
        loop.runUntilIdle()
        #expect(InsecurityHost.topCoordinator(in: window, as: PushScreen.self) === detail)

        let payment = PushScreen("Payment")
        detail.navigation.start(UINavigationController(), payment, animated: true) { _ in }
        loop.runUntilIdle()
        #expect(InsecurityHost.topCoordinator(in: window, as: PushScreen.self) === payment, "presented over the tabs")

        payment.dismiss()
        loop.runUntilIdle()
        #expect(tabs.simulateTabTap(1))
        #expect(InsecurityHost.topCoordinator(in: window, as: PushScreen.self) == nil, "the account tab is the app's")
        window.rootViewController = nil
        loop.runUntilIdle()
        _ = host
    }

    @Test("A tab bar coordinator is the window's top coordinator when the selected tab is the app's own screen")
    func tabBarCoordinatorOnTop() {
        final class Tabs: ModalCoordinator<Void> {
            let tabs = UITabBarController()
            override var viewController: UIViewController {
                tabs.viewControllers = [makeScreen("Feed"), makeScreen("Profile")]
                return tabs
            }
        }
        let scene = Scene()
        let host = InsecurityHost(modal: scene.root)
        let flow = Tabs()
        host.start(flow, animated: false) { _ in }
        loop.runUntilIdle()
        #expect(InsecurityHost.topCoordinator(in: scene.window, as: Tabs.self) === flow)
        flow.dismiss()
        loop.runUntilIdle()
    }
}
