import Insecurity
import ResponderCoordinator
import SimUIKit
import SimulationTesting
import TestSupport
import Testing

/// What a shop's catalog coordinator needs before it can act.
private struct CatalogDependencies {
    let inventory: [String]
}

/// A coordinator written with the library's queued-message idiom.
@MainActor
private final class CatalogCoordinator: ResponderCoordinator.NavigationCoordinator {
    var dependencies: CatalogDependencies?
    var shown: [String] = []

    func showProduct(_ sku: String) {
        guard let dependencies else {
            enqueueMessage { [unowned self] in self.showProduct(sku) }
            return
        }
        guard dependencies.inventory.contains(sku) else { return }
        shown.append(sku)
        show(makeScreen(sku))
    }
}

private struct CartStatus: CoordinatingMessage {}

/// The top of a tabbed app: one navigation coordinator per tab.
@MainActor
private final class TabsCoordinator: Coordinator<UITabBarController> {
    var statusRequests = 0
    var finished: [String] = []

    override func handle(_ message: any CoordinatingMessage) -> Bool {
        guard message is CartStatus else { return false }
        statusRequests += 1
        return true
    }

    override func coordinatorDidFinish(_ coordinator: Coordinating, completion: @escaping () -> Void = {}) {
        finished.append(coordinator.identifier)
        super.coordinatorDidFinish(coordinator, completion: completion)
    }
}

/// A navigation coordinator that is its navigation controller's delegate, as many apps write it.
@MainActor
private final class DelegateCoordinator: ResponderCoordinator.NavigationCoordinator {
    var delegateCalls: [String] = []
    var popBacks: [String] = []

    override func start(with completion: @escaping () -> Void = {}) {
        rootViewController.delegate = self
        super.start(with: completion)
    }

    override func navigationController(
        _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
    ) {
        delegateCalls.append("didShow \(viewController.title ?? "?")")
    }

    override func handlePopBack(to vc: UIViewController?) {
        popBacks.append(vc?.title ?? "nil")
    }
}

@MainActor
@Suite("The Coordinator library's public API (A8)", .cleanSimulatedWorld)
struct LibraryApiTests {
    let loop = SimRunLoop.main

    @Test(
        "A8: a message that re-queues itself while dependencies are missing waits for processQueuedMessages instead of recursing"
    )
    func queuedMessagesWait() {
        let (window, navigation) = makeStack()
        let catalog = CatalogCoordinator(rootViewController: navigation)
        catalog.start()
        catalog.root(makeScreen("Catalog"))
        catalog.showProduct("tea")
        #expect(catalog.queuedMessages.count == 1, "queued, not run, although the coordinator is started")
        catalog.processQueuedMessages()
        #expect(catalog.queuedMessages.count == 1, "still waiting: it queued itself again once")
        #expect(catalog.shown.isEmpty)
        catalog.dependencies = CatalogDependencies(inventory: ["tea", "cake"])
        catalog.showProduct("cake")
        catalog.processQueuedMessages()
        loop.runUntilIdle()
        #expect(catalog.queuedMessages.isEmpty)
        #expect(catalog.shown == ["cake", "tea"])
        #expect(navigation.viewControllers.map(\.title) == ["Catalog", "cake", "tea"])
        _ = window
    }

    @Test("A8: start and stop with and without completions; stopping a parent stops its children")
    func startAndStop() {
        let (window, navigation) = makeStack()
        let parent = CatalogCoordinator(rootViewController: navigation)
        var calls: [String] = []
        parent.start { calls.append("parent started") }
        let child = CatalogCoordinator(rootViewController: navigation)
        parent.startChild(coordinator: child) { calls.append("child started") }
        #expect(child.isStarted && child.parent === parent)
        parent.stop()
        #expect(!parent.isStarted && !child.isStarted)
        #expect(parent.childCoordinators.isEmpty)
        parent.start()
        parent.stop { calls.append("parent stopped") }
        #expect(calls == ["parent started", "child started", "parent stopped"])
        _ = window
    }

    @Test(
        "A8, S13: a Coordinator<UITabBarController> with a NavigationCoordinator per tab: messages, back button, tab switches and re-taps"
    )
    func tabCoordinator() {
        let tabs = UITabBarController()
        let catalogStack = UINavigationController()
        let cartStack = UINavigationController()
        tabs.viewControllers = [catalogStack, cartStack]
        let window = UIWindow()
        window.rootViewController = tabs
        window.makeKeyAndVisible()
        let app = TabsCoordinator(rootViewController: tabs)
        app.start()
        let catalog = DelegateCoordinator(rootViewController: catalogStack)
        let cart = DelegateCoordinator(rootViewController: cartStack)
        app.startChild(coordinator: catalog)
        app.startChild(coordinator: cart)
        catalog.root(makeScreen("Catalog"))
        cart.root(makeScreen("Cart"))
        catalog.show(makeScreen("Product"))
        #expect(tabs.simulateTabTap(1), "the user switches tabs while the product is pushed")
        let item = makeScreen("Item")
        cart.show(item)
        loop.runUntilIdle()
        #expect(item.coordinatingResponder?.send(CartStatus()) == true)
        #expect(app.statusRequests == 1)

        #expect(cartStack.simulateBackButtonTap())
        loop.runUntilIdle()
        #expect(cart.popBacks == ["Cart"] && cart.viewControllers.map(\.title) == ["Cart"])
        #expect(tabs.simulateTabTap(0))
        #expect(tabs.simulateTabTap(0), "tapping the shown tab pops it to its root")
        loop.runUntilIdle()
        #expect(catalog.popBacks == ["Catalog"] && catalog.viewControllers.map(\.title) == ["Catalog"])
        #expect(catalog.delegateCalls.contains("didShow Product") && catalog.delegateCalls.last == "didShow Catalog")
        app.coordinatorDidFinish(cart)
        #expect(app.finished == ["DelegateCoordinator"] && !cart.isStarted)
        _ = window
    }

    @Test(
        "A8, S14: a coordinator presents an alert; the user's tap runs the handler after the dismissal, and the coordinator can present again"
    )
    func coordinatorAlerts() {
        let (window, navigation) = makeStack()
        let catalog = CatalogCoordinator(rootViewController: navigation)
        catalog.start()
        catalog.root(makeScreen("Catalog"))
        var events: [String] = []
        let alert = UIAlertController(title: "Out of stock", message: nil, preferredStyle: .alert)
        let ok = UIAlertAction(title: "OK", style: .default) { _ in events.append("ok") }
        alert.addAction(ok)
        catalog.present(alert) { events.append("presented") }
        loop.runUntilIdle()
        #expect(alert.parentCoordinator === catalog)
        #expect(alert.simulateTap(on: ok))
        loop.runUntilIdle()
        #expect(events == ["presented", "ok"])
        #expect(navigation.presentedViewController == nil)

        let sheet = makeScreen("Login")
        var warnings = SimWarnings.capture {
            catalog.present(sheet)
            loop.runUntilIdle()
            let confirm = UIAlertController(title: "Leave?", message: nil, preferredStyle: .actionSheet)
            let leave = UIAlertAction(title: "Leave", style: .destructive) { _ in catalog.dismiss() }
            confirm.addAction(leave)
            sheet.present(confirm, animated: true)
            loop.runUntilIdle()
            #expect(sheet.presentedViewController === confirm, "an alert over a sheet")
            confirm.simulateTap(on: leave)
            loop.runUntilIdle()
        }
        #expect(navigation.presentedViewController == nil)
        warnings += SimWarnings.capture {
            catalog.present(makeScreen("Again"), animated: false)
            loop.runUntilIdle()
        }
        #expect(navigation.presentedViewController?.title == "Again")
        #expect(warnings.isEmpty)
        catalog.dismiss(animated: false)
        loop.runUntilIdle()
        _ = window
    }

    @Test("A8: a coordinator can be its navigation controller's delegate; pops are still handled")
    func coordinatorAsDelegate() {
        let (window, navigation) = makeStack()
        let coordinator = DelegateCoordinator(rootViewController: navigation)
        coordinator.start()
        coordinator.root(makeScreen("Home"))
        coordinator.show(makeScreen("Detail"))
        loop.runUntilIdle()
        #expect(navigation.delegate === coordinator)
        navigation.beginInteractivePop()?.finish()
        loop.runUntilIdle()
        #expect(coordinator.delegateCalls == ["didShow Home", "didShow Detail", "didShow Home"])
        #expect(coordinator.popBacks == ["Home"])
        _ = window
    }

    @Test("A8: a message that nobody handles is reported with its type, where it started and the path it took")
    func unhandledMessage() {
        let (window, navigation) = makeStack()
        let catalog = CatalogCoordinator(rootViewController: navigation)
        catalog.start()
        let product = makeScreen("Product")
        catalog.root(product)
        var sent = true
        let diagnostics = InsecurityDiagnostics.capture {
            sent = product.send(CartStatus())
        }
        #expect(!sent)
        #expect(diagnostics.map(\.code) == [.unhandledCoordinatingMessage])
        #expect(
            diagnostics.first?.message.hasPrefix(
                "No coordinator handled CartStatus sent from <UIViewController #product \"Product\">; it passed <UIViewController #product \"Product\"> → CatalogCoordinator."
            ) == true)
        _ = window
    }

    @Test(
        "A8: as in the library, a started navigation coordinator is its stack's delegate, and stopping a child removes its screens from the top"
    )
    func stopRemovesScreensAndDelegate() {
        let (window, navigation) = makeStack()
        let parent = DelegateCoordinator(rootViewController: navigation)
        parent.start()
        parent.root(makeScreen("Home"))
        let child = ProductScreensCoordinator(rootViewController: navigation)
        parent.startChild(coordinator: child)
        #expect(navigation.delegate === child, "the last started coordinator is the delegate")
        child.show(makeScreen("Product"))
        child.show(makeScreen("Reviews"))
        loop.runUntilIdle()
        parent.coordinatorDidFinish(child)
        loop.runUntilIdle()
        #expect(navigation.viewControllers.map(\.title) == ["Home"])
        #expect(parent.popBacks.isEmpty, "the coordinators' own removal is not a pop back")
        #expect(navigation.delegate == nil && child.viewControllers.isEmpty && !child.isStarted)
        parent.activate()
        #expect(navigation.delegate === parent)
        child.identifier = "renamed"
        #expect(child.identifier == "renamed", "identifier is settable, as in the library")
        _ = window
    }
}

@MainActor
private final class ProductScreensCoordinator: ResponderCoordinator.NavigationCoordinator {}
