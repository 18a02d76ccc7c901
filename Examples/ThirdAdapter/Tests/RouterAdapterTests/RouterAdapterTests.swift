import BridgeSnapshot
import CoordinatorBridge
@_spi(Adapters) @_spi(Testing) import Insecurity
import ResponderCoordinator
import RouterAdapter
import SimUIKit
import SimulationTesting
import Testing

/// A third coordinator framework plugs into the bridge with the public API and the `Adapters` SPI alone:
/// it pushes and presents through the engine, its routers are described in trees and snapshots, and a
/// snapshot rebuilds them working.
@MainActor
@Suite("A third adapter on the public and SPI surface", .cleanSimulatedWorld)
struct ThirdAdapterTests {
    let loop = SimRunLoop.main
    let invariants = InsecurityInvariants()
    let registry = BridgeRegistry([RouterPlugin()])

    /// A window whose stack shows home, two pushes by the router, and a sheet it presented.
    private func routedWindow() -> (UIWindow, UINavigationController, Router) {
        let navigation = UINavigationController(rootViewController: makeScreen("home"))
        navigation.restorationIdentifier = "main"
        let window = UIWindow()
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        let router = Router(navigation: navigation)
        router.push(makeScreen("list"))
        router.push(makeScreen("detail"))
        router.present(makeScreen("sheet"))
        loop.runUntilIdle()
        return (window, navigation, router)
    }

    @Test("A7, E19: the router's pushes and presentation run as engine frames, in order, after each other's animations")
    func pushAndPresent() {
        let (window, navigation, router) = routedWindow()
        #expect(navigation.viewControllers.map(\.title) == ["home", "list", "detail"])
        #expect(navigation.presentedViewController?.title == "sheet")
        #expect(router.plannedStack.map(\.title) == ["home", "list", "detail"])
        router.dismiss()
        router.pop()
        loop.runUntilIdle()
        #expect(navigation.presentedViewController == nil)
        #expect(navigation.viewControllers.map(\.title) == ["home", "list"])
        #expect(router.pushed.count == 1 && router.presented == nil)
        #expect(invariants.violations(windows: [window], settled: true) == [])
    }

    @Test("E10: a back-button tap ends the router's frame, and the router hears it")
    func userPop() {
        let (window, navigation, router) = routedWindow()
        router.dismiss(animated: false)
        navigation.simulateBackButtonTap()
        loop.runUntilIdle()
        #expect(router.pushed.count == 1)
        #expect(invariants.violations(windows: [window], settled: true) == [])
    }

    @Test("X1, A7: the tree describes the router, its frames and the host it runs")
    func describe() {
        let (window, _, app) = routedWindow()
        let tree = BridgeReader(registry: registry).read([window])
        defer { withExtendedLifetime(app) {} }
        let router = tree.coordinators.first { $0.framework == "Router" }
        #expect(router?.rootID == "main")
        #expect(router?.controllerIDs == ["list", "detail", "sheet"])
        let pushing = tree.hosts.first { $0.framework == "Router" }
        #expect(pushing?.frames.map(\.coordinatorType) == ["Router", "Router"])
        #expect(pushing?.frames.compactMap(\.controllerID) == ["list", "detail"])
    }

    @Test("X3: the hosts the router made are recorded as its own when another adapter is registered beside it")
    func ownershipRecordedAtCreation() throws {
        let (window, _, app) = routedWindow()
        let both = BridgeRegistry([ResponderCoordinatorPlugin.shared, RouterPlugin()])
        let tree = withExtendedLifetime(app) { BridgeReader(registry: both).read([window]) }
        #expect(tree.hosts.map(\.framework) == ["Router", "Router"])
        let xml = BridgeSnapshot.export([window], registry: both)
        let live = try BridgeSnapshot.importLive(xml, rebuilder: BridgeRebuilder(registry: both))
        #expect(live.hosts.map(\.framework) == ["Router", "Router"])
        #expect(BridgeSnapshot.export(live.windows, registry: both) == xml)
    }

    @Test("X2, X9: a snapshot rebuilds the router; the restored router pops and dismisses, and the export is unchanged")
    func rebuild() throws {
        let (window, _, original) = routedWindow()
        let xml = withExtendedLifetime(original) { BridgeSnapshot.export([window], registry: registry) }
        #expect(xml.contains("framework=\"Router\""))
        let live = try BridgeSnapshot.importLive(xml, rebuilder: BridgeRebuilder(registry: registry))
        #expect(BridgeSnapshot.export(live.windows, registry: registry) == xml)
        live.windows[0].makeKeyAndVisible()
        let navigation = try #require(live.windows[0].rootViewController as? UINavigationController)
        let router = try #require(Router.router(of: navigation))
        #expect(router.pushed.count == 2 && router.presented != nil)
        router.dismiss()
        router.pop()
        loop.runUntilIdle()
        #expect(navigation.presentedViewController == nil)
        #expect(navigation.viewControllers.map(\.title) == ["home", "list"])
        router.push(makeScreen("again"))
        loop.runUntilIdle()
        #expect(router.plannedStack.map(\.title) == ["home", "list", "again"])
        #expect(invariants.violations(windows: live.windows, settled: true) == [])
    }
}

/// A controller titled `title`, with the title in lower case as its restoration identifier.
@MainActor
private func makeScreen(_ title: String) -> UIViewController {
    let controller = UIViewController()
    controller.title = title
    controller.restorationIdentifier = title.lowercased()
    return controller
}
