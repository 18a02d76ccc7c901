import BridgeSnapshot
import CoordinatorBridge
import Foundation
import SimUIKit
import SimulationTesting
import TestSupport
import Testing

/// A screen as a user's app makes it: a title, no restoration identifier.
@MainActor
private func plain(_ title: String) -> UIViewController {
    let controller = UIViewController()
    controller.title = title
    return controller
}

/// A user's small app as snapshot tests see it: two tabs with a navigation controller each (feed and
/// profile), no restoration identifiers anywhere.
@MainActor
private final class TwoTabApp {
    let window = UIWindow()
    let tabs = UITabBarController()
    let feed = UINavigationController(rootViewController: plain("Feed"))
    let profile = UINavigationController(rootViewController: plain("Profile"))

    init() {
        tabs.setViewControllers([feed, profile], animated: false)
        window.rootViewController = tabs
        window.makeKeyAndVisible()
    }

    func snapshot() throws -> BridgedTree {
        try BridgeSnapshot.parse(BridgeSnapshot.export([window], registry: BridgeRegistry()))
    }
}

@MainActor
@Suite("X13: ids that do not move, and diffs that read like the change", .cleanSimulatedWorld)
struct StableIdTests {
    let loop = SimRunLoop.main

    @Test("X13, X2, X3: restoration identifiers with white space name their controller and window without it, in a valid document that round-trips")
    func restorationIdentifiersWithSpaces() throws {
        let app = TwoTabApp()
        app.window.restorationIdentifier = "main window"
        app.feed.viewControllers[0].restorationIdentifier = "Feed list"
        app.profile.viewControllers[0].restorationIdentifier = ""
        let sheet = plain("Compose")
        sheet.restorationIdentifier = "compose\tsheet"
        app.tabs.present(sheet, animated: false)
        loop.runUntilIdle()
        let xml = BridgeSnapshot.export([app.window], registry: BridgeRegistry())
        let tree = try BridgeSnapshot.parse(xml)
        let ids = tree.controllers.map(\.id)
        #expect(tree.windows.map(\.id) == ["mainwindow"])
        #expect(ids.contains("Feedlist") && ids.contains("composesheet"))
        #expect(!ids.contains(""), "an empty identifier names nothing: the controller is named by its place")
        let live = try BridgeSnapshot.importLive(xml, rebuilder: BridgeRebuilder(registry: BridgeRegistry()))
        #expect(BridgeSnapshot.export(live.windows, registry: BridgeRegistry()) == xml)
        live.windows.forEach { $0.rootViewController = nil }
        app.window.rootViewController = nil
        loop.runUntilIdle()
    }

    private func diff(_ app: TwoTabApp, _ change: () -> Void) throws -> [String] {
        let before = try app.snapshot()
        change()
        loop.runUntilIdle()
        return BridgeSnapshot.diff(before, try app.snapshot()).map(\.description)
    }

    @Test("X13, X7: a push in one tab is one added controller on that stack; the other tab is not mentioned")
    func push() throws {
        let app = TwoTabApp()
        let lines = try diff(app) { app.feed.pushViewController(plain("Post"), animated: true) }
        #expect(
            lines == [
                #"+ controller "window1/UITabBarController/UINavigationController/UIViewController.2": on stack "window1/UITabBarController/UINavigationController" (2), type UIViewController, title "Post", children []"#
            ])
    }

    @Test("X13, X7: a sheet presented is one added presentation, with what it holds; dismissed, one removed")
    func sheet() throws {
        let app = TwoTabApp()
        let sheet = UINavigationController(rootViewController: plain("Compose"))
        let presented = try diff(app) { app.tabs.present(sheet, animated: true) }
        #expect(presented.count == 1, "\(presented)")
        #expect(
            presented.first?.hasPrefix(
                #"+ controller "window1/presented/UINavigationController": presented in window "window1" (1)"#) == true)
        let dismissed = try diff(app) { app.tabs.dismiss(animated: true) }
        #expect(dismissed.count == 1, "\(dismissed)")
        #expect(dismissed.first?.hasPrefix(#"- controller "window1/presented/UINavigationController""#) == true)
    }

    @Test("X13, X7: a tab switch is one changed selection")
    func tabSwitch() throws {
        let app = TwoTabApp()
        let lines = try diff(app) { app.tabs.selectedIndex = 1 }
        #expect(
            lines == [#"~ controller "window1/UITabBarController": container tabBar selected 0 -> tabBar selected 1"#])
    }

    @Test("X13: pushing in the first tab renames nothing in the second, nor any host or coordinator")
    func idsElsewhereStay() throws {
        let app = TwoTabApp()
        let before = try app.snapshot()
        app.feed.pushViewController(plain("Post"), animated: false)
        app.feed.pushViewController(plain("Comments"), animated: false)
        loop.runUntilIdle()
        let after = try app.snapshot()
        let profileIDs = { (tree: BridgedTree) in
            tree.controllers.filter { $0.id.hasPrefix("window1/UITabBarController/UINavigationController.2") }.map(\.id)
        }
        #expect(profileIDs(before) == profileIDs(after))
        #expect(!profileIDs(before).isEmpty)
    }

    @Test("X13: a controller that changes place under its restoration identifier is reported as moved")
    func moved() throws {
        let app = TwoTabApp()
        let shared = plain("Shared")
        shared.restorationIdentifier = "shared"
        app.feed.pushViewController(shared, animated: false)
        loop.runUntilIdle()
        let lines = try diff(app) {
            app.feed.popViewController(animated: false)
            app.profile.pushViewController(shared, animated: false)
        }
        #expect(
            lines == [
                #"~ controller "shared": place on stack "window1/UITabBarController/UINavigationController" (2) -> on stack "window1/UITabBarController/UINavigationController.2" (2)"#
            ])
    }

    @Test("X13, X2: reading the same screen twice, or after an import, gives the same ids")
    func sameIDsAfterImport() throws {
        let app = TwoTabApp()
        app.feed.pushViewController(plain("Post"), animated: false)
        loop.runUntilIdle()
        let xml = BridgeSnapshot.export([app.window], registry: BridgeRegistry())
        let live = try BridgeSnapshot.importLive(xml, rebuilder: BridgeRebuilder(registry: BridgeRegistry()))
        #expect(BridgeSnapshot.export(live.windows, registry: BridgeRegistry()) == xml)
        #expect(
            BridgeReader(registry: BridgeRegistry()).read([app.window])
                == BridgeReader(registry: BridgeRegistry()).read([app.window]))
    }
}
