import BridgeSnapshot
import BridgeTools
import CoordinatorBridge
import RouteCoordinator
import SimulationTesting
import TestSupport
import Testing

enum ShopRoute: Route {
    case account, closeAccount
}

/// The app's tab bar: a catalog tab with its own coordinator, an account sheet.
@MainActor
final class ShopTabsCoordinator: TabBarCoordinator<ShopRoute> {
    init(catalog: CatalogCoordinator) {
        super.init(tabs: [catalog, titled("Deals", id: "deals")])
    }

    /// The documented restore path: a coordinator whose initialiser builds its children also offers one
    /// that takes only its root, for factories; the children come back through their own factories.
    init(restoringOn root: UITabBarController) {
        super.init(rootViewController: root, initialRoute: nil)
    }

    override func prepareTransition(for route: ShopRoute) -> TabBarTransition {
        switch route {
        case .account: .present(AccountCoordinator())
        case .closeAccount: .dismiss()
        }
    }
}

enum CatalogRoute: Route {
    case list
    case product(String)
}

@MainActor
final class CatalogCoordinator: NavigationCoordinator<CatalogRoute> {
    init(rootViewController: UINavigationController = .init()) {
        // During an import the first route is not triggered: the restored stack shows it already.
        super.init(rootViewController: rootViewController, initialRoute: .list)
    }

    override func prepareTransition(for route: CatalogRoute) -> NavigationTransition {
        switch route {
        case .list: .push(titled("Catalog", id: "catalog"))
        case .product(let name): .push(titled(name, id: name.lowercased()))
        }
    }
}

enum AccountRoute: Route {
    case profile
}

/// Triggers its first route itself, after `super.init`, as XCoordinator's example app's About coordinator
/// does: the import does not run that trigger either.
@MainActor
final class AccountCoordinator: NavigationCoordinator<AccountRoute> {
    init(rootViewController: UINavigationController = .init()) {
        super.init(rootViewController: rootViewController, initialRoute: nil)
        trigger(.profile)
    }

    override func prepareTransition(for route: AccountRoute) -> NavigationTransition {
        .push(titled("Profile", id: "profile"))
    }
}

@MainActor
@Suite("A12, X9: route coordinators in bridged trees and snapshots", .cleanSimulatedWorld)
struct RouteSnapshotTests {
    let loop = SimRunLoop.main
    let registry = BridgeRegistry([RouteCoordinatorPlugin()])

    /// Tab home, a product pushed in the catalog tab, the account sheet up.
    private func runningShop() -> (UIWindow, ShopTabsCoordinator) {
        let window = UIWindow()
        let catalog = CatalogCoordinator()
        let shop = ShopTabsCoordinator(catalog: catalog)
        shop.rootViewController.restorationIdentifier = "tabs"
        catalog.rootViewController.restorationIdentifier = "catalogTab"
        shop.setRoot(for: window)
        loop.runUntilIdle()
        catalog.trigger(.product("Lamp"))
        shop.trigger(.account)
        loop.runUntilIdle()
        return (window, shop)
    }

    @Test("A12, X1: the tree describes each route coordinator with its root, parent, children and screens")
    func describe() {
        let (window, shop) = runningShop()
        let tree = BridgeReader(registry: registry).read([window])
        let byType = Dictionary(tree.coordinators.map { ($0.type, $0) }, uniquingKeysWith: { first, _ in first })
        #expect(tree.coordinators.map(\.type) == ["ShopTabsCoordinator", "CatalogCoordinator", "AccountCoordinator"])
        #expect(byType["ShopTabsCoordinator"]?.rootID == "tabs")
        #expect(byType["CatalogCoordinator"]?.controllerIDs == ["catalog", "lamp"])
        #expect(byType["CatalogCoordinator"]?.parentID == byType["ShopTabsCoordinator"]?.id)
        #expect(byType["AccountCoordinator"]?.controllerIDs == ["profile"])
        #expect(byType["ShopTabsCoordinator"]?.childIDs.count == 2)
        #expect(tree.hosts.compactMap(\.framework) == ["RouteCoordinator", "RouteCoordinator", "RouteCoordinator"])
        let windowChain = tree.hosts.first { $0.base.kind == .window }
        #expect(windowChain?.framework == "RouteCoordinator", "setRoot's chain is the adapter's (E13)")
        #expect(windowChain?.frames.map(\.coordinatorType) == ["ShopTabsCoordinator"])
        #expect(windowChain?.frames.first?.controllerID == "tabs")
        withExtendedLifetime(shop) {}
    }

    @Test("A12, X3, X9: the running shop round-trips with its own coordinator classes, which go on working")
    func roundTripAndKeepWorking() throws {
        let (window, shop) = runningShop()
        let xml = withExtendedLifetime(shop) { BridgeSnapshot.export([window], registry: registry) }
        var rebuilder = BridgeRebuilder(registry: registry)
        var restoredShop: ShopTabsCoordinator?
        var restoredCatalog: CatalogCoordinator?
        rebuilder.coordinatorFactories.register(ShopTabsCoordinator.self) { root in
            let made = ShopTabsCoordinator(restoringOn: root as! UITabBarController)
            restoredShop = made
            return made
        }
        rebuilder.coordinatorFactories.register(CatalogCoordinator.self) { root in
            let made = CatalogCoordinator(rootViewController: root as! UINavigationController)
            restoredCatalog = made
            return made
        }
        rebuilder.coordinatorFactories.register(AccountCoordinator.self) { root in
            AccountCoordinator(rootViewController: root as! UINavigationController)
        }
        let live = try BridgeSnapshot.importLive(xml, rebuilder: rebuilder)
        loop.runUntilIdle()
        #expect(BridgeSnapshot.export(live.windows, registry: registry) == xml, "no initial route ran again")
        let shopAgain = try #require(restoredShop)
        let catalogAgain = try #require(restoredCatalog)
        let restoredWindow = try #require(live.windows.first)
        restoredWindow.makeKeyAndVisible()
        let catalogStack = catalogAgain.rootViewController
        #expect(catalogStack.viewControllers.map(\.title) == ["Catalog", "Lamp"])

        expectNoWarningsOrDiagnostics {
            // The sheet the snapshot restored is swiped away: the restored app lets its coordinator go.
            #expect(shopAgain.rootViewController.presentedViewController?.simulateInteractiveDismissal() == true)
            loop.runUntilIdle()
            #expect(shopAgain.children.count == 1, "only the catalog is left")
            catalogAgain.trigger(.product("Desk"))
            loop.runUntilIdle()
            #expect(catalogStack.viewControllers.map(\.title) == ["Catalog", "Lamp", "Desk"])
            #expect(catalogStack.simulateBackButtonTap())
            shopAgain.trigger(.account)
            loop.runUntilIdle()
        }
        #expect(catalogStack.viewControllers.map(\.title) == ["Catalog", "Lamp"])
        #expect(shopAgain.rootViewController.presentedViewController != nil)
        #expect(shopAgain.children.count == 2)
        withExtendedLifetime(live) {}
    }

    @Test(
        "bridge migrate maps route coordinators to Insecurity: the tab bar's to a window coordinator, stacks to navigation or adaptive"
    )
    func migrationPlan() throws {
        let (window, shop) = runningShop()
        let tree = withExtendedLifetime(shop) { BridgeReader(registry: registry).read([window]) }
        let plan = MigrationPlan(tree)
        #expect(plan.entries.map(\.legacyType) == ["ShopTabsCoordinator", "CatalogCoordinator", "AccountCoordinator"])
        #expect(
            plan.entries.map(\.target) == [.window, .navigation, .adaptive], "the account stack is pushed in a sheet")
        #expect(plan.entries.allSatisfy { $0.framework == "RouteCoordinator" })
        #expect(plan.swiftSkeletons.contains("CatalogFlow"))
    }

    /// XCoordinator apps make their coordinators with `init()` (the example's `AppCoordinator()`), which
    /// makes a root controller and children of its own; factories can only call that.
    @Test(
        "A12, X9: coordinators made by the app's own initialisers, which make their own roots and children, run on the rebuilt roots"
    )
    func restoreWithAppsOwnInitialisers() throws {
        let (window, shop) = runningShop()
        let xml = withExtendedLifetime(shop) { BridgeSnapshot.export([window], registry: registry) }
        var rebuilder = BridgeRebuilder(registry: registry)
        var restoredCatalog: CatalogCoordinator?
        rebuilder.coordinatorFactories.register(ShopTabsCoordinator.self) { _ in
            ShopTabsCoordinator(catalog: CatalogCoordinator())
        }
        rebuilder.coordinatorFactories.register(CatalogCoordinator.self) { _ in
            let made = CatalogCoordinator()
            restoredCatalog = made
            return made
        }
        rebuilder.coordinatorFactories.register(AccountCoordinator.self) { _ in AccountCoordinator() }
        let live = try BridgeSnapshot.importLive(xml, rebuilder: rebuilder)
        loop.runUntilIdle()
        #expect(BridgeSnapshot.export(live.windows, registry: registry) == xml, "the same tree, no route ran again")
        let restoredWindow = try #require(live.windows.first)
        restoredWindow.makeKeyAndVisible()
        let catalog = try #require(restoredCatalog)
        let tabs = try #require(restoredWindow.rootViewController as? UITabBarController)
        #expect(catalog.rootViewController === tabs.viewControllers?.first, "the catalog runs on the restored stack")
        expectNoWarningsOrDiagnostics {
            catalog.trigger(.product("Desk"))
            loop.runUntilIdle()
        }
        #expect(catalog.rootViewController.viewControllers.map(\.title) == ["Catalog", "Lamp", "Desk"])
        restoredWindow.rootViewController = nil
        loop.runUntilIdle()
    }

    @Test("X3: without factories the coordinators come back as stand-ins that keep their types and screens")
    func standIns() throws {
        let (window, shop) = runningShop()
        let xml = withExtendedLifetime(shop) { BridgeSnapshot.export([window], registry: registry) }
        let live = try BridgeSnapshot.importLive(xml, rebuilder: BridgeRebuilder(registry: registry))
        #expect(BridgeSnapshot.export(live.windows, registry: registry) == xml)
        let tree = BridgeReader(registry: registry).read(live.windows)
        #expect(tree.coordinators.map(\.type) == ["ShopTabsCoordinator", "CatalogCoordinator", "AccountCoordinator"])
        let tabs = try #require(live.windows.first?.rootViewController as? UITabBarController)
        let stack = try #require(tabs.viewControllers?.first as? UINavigationController)
        live.windows.first?.makeKeyAndVisible()
        #expect(tabs.presentedViewController?.simulateInteractiveDismissal() == true)
        loop.runUntilIdle()
        #expect(stack.simulateBackButtonTap())
        loop.runUntilIdle()
        let after = BridgeReader(registry: registry).read(live.windows)
        #expect(after.coordinators.first { $0.type == "CatalogCoordinator" }?.controllerIDs == ["catalog"])
        #expect(
            after.coordinators.map(\.type) == ["ShopTabsCoordinator", "CatalogCoordinator"], "the sheet's stand-in left"
        )
    }

    /// XCoordinator's example home is a page coordinator over two coordinators' pages; only the shown page is
    /// a child of UIKit's page view controller, the other is its data source's.
    @Test(
        "A12, X3: a page home's snapshot lists every page and its coordinator; after import the user swipes to the other page, whose coordinator works"
    )
    func pageHomeRoundTrip() throws {
        let window = UIWindow()
        let home = CoordinatorPages()
        home.setRoot(for: window)
        loop.runUntilIdle()
        let tree = withExtendedLifetime(home) { BridgeReader(registry: registry).read([window]) }
        #expect(tree.coordinators.map(\.type) == ["CoordinatorPages", "ViewCoordinatorForTests", "ViewCoordinatorForTests"])
        #expect(tree.coordinators.first?.childIDs.count == 2, "both pages' coordinators are the home's children")
        let xml = withExtendedLifetime(home) { BridgeSnapshot.export([window], registry: registry) }
        #expect(xml.contains(#"type="UIPageViewController" container="page" selected="0""#), "\(xml)")

        var rebuilder = BridgeRebuilder(registry: registry)
        var restoredHome: CoordinatorPages?
        var restoredPages: [ViewCoordinatorForTests] = []
        rebuilder.coordinatorFactories.register(CoordinatorPages.self) { _ in
            let made = CoordinatorPages()
            restoredHome = made
            return made
        }
        rebuilder.coordinatorFactories.register(ViewCoordinatorForTests.self) { _ in
            let made = ViewCoordinatorForTests(title: "made by the factory")
            restoredPages.append(made)
            return made
        }
        let live = try BridgeSnapshot.importLive(xml, rebuilder: rebuilder)
        loop.runUntilIdle()
        #expect(BridgeSnapshot.export(live.windows, registry: registry) == xml, "the same pages, none shown again")
        let restoredWindow = try #require(live.windows.first)
        restoredWindow.makeKeyAndVisible()
        let pages = try #require(restoredWindow.rootViewController as? UIPageViewController)
        #expect(pages.dataSource === restoredHome?.dataSource, "the app's data source, over the restored pages")
        expectNoWarningsOrDiagnostics {
            #expect(pages.simulateSwipe(.forward))
            loop.runUntilIdle()
        }
        #expect(pages.viewControllers?.first?.title == "Page 1")
        let second = try #require(restoredPages.first { $0.rootViewController === pages.viewControllers?.first })
        #expect(restoredHome?.children.contains { $0.viewController === second.rootViewController } == true)
        expectNoWarningsOrDiagnostics {
            second.performTransition(.present(titled("From page 1")), with: TransitionOptions(animated: true))
            loop.runUntilIdle()
        }
        #expect(pages.presentedViewController?.title == "From page 1")
        restoredWindow.rootViewController = nil
        loop.runUntilIdle()
    }
}
