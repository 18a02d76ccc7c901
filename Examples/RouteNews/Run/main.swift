// The news app of XCoordinator's example, run headlessly: log in, pick the tab bar home, open a user's
// sheet with its alert, push a colour screen with the edge swipe, close the sheet, visit About (a second
// coordinator on the users' stack) and go back, read an article, log out; then a notification opens an
// article from the login screen. Each step prints what is on screen. Run: swift run RouteNews
import BridgeSnapshot
import CoordinatorBridge
import Foundation
import RouteCoordinator
import RouteNewsApp

@MainActor
func run() {
    let loop = SimRunLoop.main
    let window = UIWindow()
    let app = AppCoordinator()
    app.setRoot(for: window)
    loop.runUntilIdle()

    func screens() -> String {
        var titles: [String] = []
        var current: UIViewController? = window.rootViewController
        while let controller = current {
            titles.append(visibleTitle(of: controller))
            current = controller.presentedViewController
        }
        return titles.joined(separator: " | ")
    }
    func step(_ what: String, _ action: () -> Void) {
        action()
        loop.runUntilIdle()
        print("\(what.padding(toLength: 34, withPad: " ", startingAt: 0)) \(screens())")
    }
    /// The controller of type `T` the user sees, looking from the topmost presentation down.
    func top<T: UIViewController>(_ type: T.Type) -> T {
        var chain: [UIViewController] = []
        var current: UIViewController? = window.rootViewController
        while let controller = current {
            chain.append(controller)
            current = controller.presentedViewController
        }
        guard let found = chain.reversed().lazy.compactMap({ $0.shownDescendant(of: type) }).first else {
            fatalError("no \(type) on screen: \(screens())")
        }
        return found
    }

    print("Launch".padding(toLength: 34, withPad: " ", startingAt: 0), screens())
    step("Log in") { top(LoginViewController.self).login() }
    step("Pick the tab bar home") {
        let alert = top(UIAlertController.self)
        _ = alert.simulateTap(on: alert.actions[0])
    }
    step("Show the users") { top(HomeViewController.self).showUsers() }
    step("Open Ana's sheet") { top(UsersViewController.self).select("Ana") }
    step("Her alert") { top(UserViewController.self).showAlert() }
    step("Tap Ok") {
        let alert = top(UIAlertController.self)
        _ = alert.simulateTap(on: alert.actions[0])
    }
    step("Swipe from the right edge") {
        let sheet = top(UserViewController.self).navigationController!
        let recognizer = sheet.view.gestureRecognizers!.compactMap { $0 as? UIScreenEdgePanGestureRecognizer }.first!
        recognizer.simulateBegan()
        recognizer.simulateChanged(translation: CGPoint(x: -300, y: 0))
        recognizer.simulateEnded()
    }
    step("Back from the colour") { _ = top(Screen.self).navigationController!.simulateBackButtonTap() }
    step("Close the sheet") { top(UserViewController.self).close() }
    step("Back to Home") { _ = top(UsersViewController.self).navigationController!.simulateBackButtonTap() }
    step("About") { top(HomeViewController.self).showAbout() }
    step("Visit the website") { top(AboutViewController.self).openWebsite() }
    step("Back") { _ = top(AboutViewController.self).navigationController!.simulateBackButtonTap() }
    step("Log out") { top(HomeViewController.self).logout() }
    step("A notification opens an article") { app.trigger(.newsDetail(NewsService.articles[1])) }

    let xml = BridgeSnapshot.export([window], registry: BridgeRegistry([RouteCoordinatorPlugin()]))
    let tree = try! BridgeSnapshot.parse(xml)
    print("\nSnapshot: \(tree.coordinators.count) route coordinators, \(tree.controllers.count) controllers")
    print("Opened: \(UIApplication.shared.openedURLs.map(\.absoluteString).joined(separator: ", "))")
}

/// The title of what `controller` shows: its own, else its shown child's.
@MainActor
func visibleTitle(of controller: UIViewController) -> String {
    switch controller {
    case let navigation as UINavigationController:
        return navigation.topViewController.map(visibleTitle(of:)) ?? "empty stack"
    case let tabs as UITabBarController:
        return "tabs: " + (tabs.selectedViewController.map(visibleTitle(of:)) ?? "none")
    case let pages as UIPageViewController:
        return "pages: " + (pages.viewControllers?.first.map(visibleTitle(of:)) ?? "none")
    case let split as UISplitViewController:
        return "split: " + split.viewControllers.map(visibleTitle(of:)).joined(separator: " / ")
    case let alert as UIAlertController:
        return "alert \"\(alert.title ?? "")\""
    default:
        return controller.title ?? String(describing: type(of: controller))
    }
}

extension UIViewController {
    /// This controller or the shown controller below it of type `T`.
    @MainActor
    func shownDescendant<T: UIViewController>(of type: T.Type) -> T? {
        if let found = self as? T { return found }
        let shown: [UIViewController] =
            switch self {
            case let navigation as UINavigationController: navigation.topViewController.map { [$0] } ?? []
            case let tabs as UITabBarController: tabs.selectedViewController.map { [$0] } ?? []
            default: children
            }
        return shown.lazy.compactMap { $0.shownDescendant(of: type) }.first
    }
}

MainActor.assumeIsolated { run() }
