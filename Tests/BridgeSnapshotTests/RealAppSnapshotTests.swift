import BridgeSnapshot
import CoordinatorBridge
import Insecurity
import ResponderCoordinator
import SimUIKit
import SimulationTesting
import Testing

/// An application coordinator whose children fill its navigation controller (the radianttap example's shape).
@MainActor
private final class AppCoordinator: ResponderCoordinator.NavigationCoordinator {}

@MainActor
@Suite("Snapshots of shapes real apps have", .cleanSimulatedWorld)
struct RealAppSnapshotTests {
    /// A visible window whose root is an empty navigation controller.
    private func visibleNavigation() -> (UIWindow, UINavigationController) {
        let navigation = UINavigationController()
        let window = UIWindow()
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        return (window, navigation)
    }

    @Test(
        "X12, X9: an application coordinator whose children fill its navigation controller keeps its root: its factory receives it, the tree round-trips, and the restored coordinator keeps navigating"
    )
    func coordinatorOwningNoScreen() throws {
        let (window, navigation) = visibleNavigation()
        let app = AppCoordinator(rootViewController: navigation)
        app.start()
        let child = ResponderCoordinator.NavigationCoordinator(rootViewController: navigation)
        app.startChild(coordinator: child)
        child.root(UIViewController())
        SimRunLoop.main.runUntilIdle()
        let registry = BridgeRegistry([ResponderCoordinatorPlugin.shared])
        let xml = BridgeSnapshot.export([window], registry: registry)
        #expect(
            xml.contains(#"type="AppCoordinator" identifier="AppCoordinator" root="window1/UINavigationController">"#))
        var rebuilder = BridgeRebuilder(registry: registry)
        var received: [UIViewController?] = []
        rebuilder.coordinatorFactories.register(AppCoordinator.self) {
            received.append($0)
            return AppCoordinator(rootViewController: $0 as? UINavigationController)
        }
        let live = try BridgeSnapshot.importLive(xml, rebuilder: rebuilder)
        let restoredNavigation = try #require(live.windows.first?.rootViewController as? UINavigationController)
        #expect(received.count == 1 && received.first.flatMap { $0 } === restoredNavigation)
        #expect(BridgeSnapshot.export(live.windows, registry: registry) == xml)
        let restoredApp = try #require(live.retained.compactMap { $0 as? AppCoordinator }.first)
        #expect(restoredApp.childCoordinators.count == 1)
        window.isHidden = true
        live.windows[0].makeKeyAndVisible()
        let next = UIViewController()
        restoredApp.show(next)
        SimRunLoop.main.runUntilIdle()
        #expect(restoredNavigation.viewControllers.last === next)
        #expect(restoredApp.viewControllers == [next])
        child.stop()
        app.stop()
        window.rootViewController = nil
        restoredApp.stop()
        live.windows[0].rootViewController = nil
        SimRunLoop.main.runUntilIdle()
    }

    @Test("X12, X3: a started child that has not shown anything yet survives the round trip under its parent")
    func childOwningNothingYet() throws {
        let scene = Scenes.legacyTree()
        let window = scene[0] as! UIWindow
        let home = scene[1] as! HomeCoordinator
        let navigation = try #require(window.rootViewController as? UINavigationController)
        let pending = AccountCoordinator(rootViewController: navigation)
        pending.identifier = "PendingAccount"
        home.startChild(coordinator: pending)
        let xml = expectRoundTrip([window])
        #expect(
            xml.contains(
                #"identifier="PendingAccount" root="main" parent="ResponderCoordinator.HomeCoordinator@main"/>"#))
        home.stop()
    }

    @Test(
        "X12: a coordinator of a presented navigation controller that is still empty keeps it as its root across a round trip"
    )
    func presentedEmptyNavigation() throws {
        let window = UIWindow()
        window.rootViewController = UIViewController()
        window.makeKeyAndVisible()
        let accountNavigation = UINavigationController()
        window.rootViewController?.present(accountNavigation, animated: false)
        let account = AppCoordinator(rootViewController: accountNavigation)
        account.start()
        SimRunLoop.main.runUntilIdle()
        let registry = BridgeRegistry([ResponderCoordinatorPlugin.shared])
        let xml = BridgeSnapshot.export([window], registry: registry)
        var rebuilder = BridgeRebuilder(registry: registry)
        var received: UIViewController?
        rebuilder.coordinatorFactories.register(AppCoordinator.self) {
            received = $0
            return AppCoordinator(rootViewController: $0 as? UINavigationController)
        }
        let live = try BridgeSnapshot.importLive(xml, rebuilder: rebuilder)
        let presented = live.windows.first?.rootViewController?.presentedViewController
        #expect(received != nil && received === presented)
        #expect(BridgeSnapshot.export(live.windows, registry: registry) == xml)
        account.stop()
        window.rootViewController = nil
        for restored in live.retained.compactMap({ $0 as? AppCoordinator }) { restored.stop() }
        live.windows[0].rootViewController = nil
        SimRunLoop.main.runUntilIdle()
    }

    @Test("E20, X3: importing a navigation host recorded on an empty navigation controller reports nothing")
    func navigationHostOnEmptyStack() throws {
        let (window, navigation) = visibleNavigation()
        var host: InsecurityHost?
        _ = InsecurityDiagnostics.capture { host = InsecurityHost(navigation: navigation) }
        let registry = BridgeRegistry([])
        let xml = BridgeSnapshot.export([window], registry: registry)
        #expect(xml.contains("<host"))
        var live: BridgeRebuilder.Live?
        expectNoWarningsOrDiagnostics {
            live = try? BridgeSnapshot.importLive(xml, rebuilder: BridgeRebuilder(registry: registry))
        }
        #expect(live != nil)
        _ = host
        window.rootViewController = nil
        SimRunLoop.main.runUntilIdle()
    }

    @Test("X4, X2: a framework name with white space is refused, so the canonical form stays a valid document")
    func frameworkWithWhiteSpace() throws {
        let (window, navigation) = visibleNavigation()
        let app = AppCoordinator(rootViewController: navigation)
        app.start()
        app.root(UIViewController())
        SimRunLoop.main.runUntilIdle()
        let xml = BridgeSnapshot.export([window], registry: BridgeRegistry([ResponderCoordinatorPlugin.shared]))
        #expect(xml.contains("framework=\"ResponderCoordinator\""))
        let hostile = xml.replacingOccurrences(
            of: "framework=\"ResponderCoordinator\"", with: "framework=\"ResponderCoordinator&#13;\"")
        #expect(throws: SnapshotError.self) { _ = try BridgeSnapshot.canonical(hostile) }
        app.stop()
        window.rootViewController = nil
        SimRunLoop.main.runUntilIdle()
    }

    @Test(
        "X3, X9: coordinators rebuilt by the app's factories keep their identifiers, so children of one type keep their parent"
    )
    func factoriesKeepIdentifiers() throws {
        let (window, navigation) = visibleNavigation()
        let app = AppCoordinator(rootViewController: navigation)
        app.start()
        app.root(UIViewController())
        for name in ["first", "second"] {
            let child = ChildCoordinator(rootViewController: navigation)
            child.identifier = name
            app.startChild(coordinator: child)
            let screen = UIViewController()
            screen.restorationIdentifier = name
            child.show(screen)
        }
        SimRunLoop.main.runUntilIdle()
        let registry = BridgeRegistry([ResponderCoordinatorPlugin.shared])
        let xml = BridgeSnapshot.export([window], registry: registry)
        var rebuilder = BridgeRebuilder(registry: registry)
        rebuilder.coordinatorFactories.register(AppCoordinator.self) {
            AppCoordinator(rootViewController: $0 as? UINavigationController)
        }
        rebuilder.coordinatorFactories.register(ChildCoordinator.self) {
            ChildCoordinator(rootViewController: $0 as? UINavigationController)
        }
        let live = try BridgeSnapshot.importLive(xml, rebuilder: rebuilder)
        #expect(BridgeSnapshot.export(live.windows, registry: registry) == xml)
        for window in live.windows + [window] { window.rootViewController = nil }
        SimRunLoop.main.runUntilIdle()
        _ = app
    }
}

@MainActor
private final class ChildCoordinator: ResponderCoordinator.NavigationCoordinator {}
