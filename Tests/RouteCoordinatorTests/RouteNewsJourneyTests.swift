import BridgeSnapshot
import CoordinatorBridge
@_spi(Testing) import Insecurity
import RouteCoordinator
import RouteNewsApp
import SimulationTesting
import Testing

/// The news example's journey, with each home the login alert offers: after every step the engine's
/// invariants hold, nothing warns, and at the end every coordinator the journey made is released.
@MainActor
@Suite("A12: the news example's journey, in every home", .cleanSimulatedWorld)
struct RouteNewsJourneyTests {
    let loop = SimRunLoop.main
    let window = UIWindow()
    let invariants = InsecurityInvariants()

    /// The controllers on screen, from the window's root up the presentation chain.
    private var chain: [UIViewController] {
        var controllers: [UIViewController] = []
        var current = window.rootViewController
        while let controller = current {
            controllers.append(controller)
            current = controller.presentedViewController
        }
        return controllers
    }

    /// The controller of type `T` the user sees, from the top of the presentation chain down.
    private func top<T: UIViewController>(_ type: T.Type, sourceLocation: SourceLocation = #_sourceLocation) throws -> T
    {
        func shown(in controller: UIViewController) -> T? {
            if let found = controller as? T { return found }
            let visible: [UIViewController] =
                switch controller {
                case let navigation as UINavigationController: navigation.topViewController.map { [$0] } ?? []
                case let tabs as UITabBarController: tabs.selectedViewController.map { [$0] } ?? []
                default: controller.children
                }
            return visible.lazy.compactMap(shown(in:)).first
        }
        return try #require(chain.reversed().lazy.compactMap(shown(in:)).first, sourceLocation: sourceLocation)
    }

    /// Does what the user does, lets the run loop settle, and expects no warning, diagnostic or exception,
    /// and every invariant to hold.
    private func act(_ name: String, sourceLocation: SourceLocation = #_sourceLocation, _ action: () throws -> Void)
        throws
    {
        var failure: (any Error)?
        expectNoWarningsOrDiagnostics(
            {
                do { try action() } catch { failure = error }
                loop.runUntilIdle()
            }, sourceLocation: sourceLocation)
        if let failure { throw failure }
        #expect(
            invariants.violations(windows: [window], settled: true) == [], "after \(name)",
            sourceLocation: sourceLocation)
    }

    @Test(
        "A12, E19, E20: log in to each home, use the users, the sheet, about and the news, log out",
        arguments: [0, 1, 2])
    func journey(home: Int) throws {
        let app = AppCoordinator()
        try act("launch") { app.setRoot(for: window) }
        try act("login") { try top(LoginViewController.self).login() }
        try act("picking a home") {
            let picker = try top(UIAlertController.self)
            #expect(picker.simulateTap(on: picker.actions[home]))
        }
        let shownHome = try #require(chain.last)
        #expect(shownHome.modalPresentationStyle == .fullScreen)
        try act("users") { try top(HomeViewController.self).showUsers() }
        try act("a user's sheet") { try top(UsersViewController.self).select("Ana") }
        try act("the user's alert") { try top(UserViewController.self).showAlert() }
        try act("its Ok button") {
            let alert = try top(UIAlertController.self)
            #expect(alert.simulateTap(on: alert.actions[0]))
        }
        try act("closing the sheet") { try top(UserViewController.self).close() }
        #expect(chain.last === shownHome, "the sheet closed")
        try act("back") {
            let users = try top(UsersViewController.self)
            #expect(users.navigationController?.simulateBackButtonTap() == true)
        }
        try act("about") { try top(HomeViewController.self).showAbout() }
        try act("the website") { try top(AboutViewController.self).openWebsite() }
        try act("back from about") {
            let about = try top(AboutViewController.self)
            #expect(about.navigationController?.simulateBackButtonTap() == true)
        }
        #expect(UIApplication.shared.openedURLs.map(\.absoluteString) == ["https://quickbirdstudios.com/"])
        try act("logout") { try top(HomeViewController.self).logout() }
        #expect(chain.count == 1, "logged out: the login screen alone")
        #expect(app.children.isEmpty, "the home coordinator left with its screen")
    }

    @Test("A12: a notification opens an article from the login screen through the page home's news, and it round-trips")
    func notificationDeepLink() throws {
        let app = AppCoordinator()
        app.setRoot(for: window)
        loop.runUntilIdle()
        expectNoWarningsOrDiagnostics {
            app.trigger(.newsDetail(NewsService.articles[2]))
            loop.runUntilIdle()
        }
        let pages = try #require(chain.last as? UIPageViewController)
        let news = try #require(pages.viewControllers?.first as? UINavigationController)
        #expect(news.viewControllers.map(\.title) == ["News", "Testing navigation headlessly"])
        #expect(invariants.violations(windows: [window], settled: true) == [])
        let registry = BridgeRegistry([RouteCoordinatorPlugin()])
        let xml = BridgeSnapshot.export([window], registry: registry)
        let live = try BridgeSnapshot.importLive(xml, rebuilder: BridgeRebuilder(registry: registry))
        #expect(BridgeSnapshot.export(live.windows, registry: registry) == xml)
    }
}
