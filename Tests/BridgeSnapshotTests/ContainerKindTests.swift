import BridgeSnapshot
import CoordinatorBridge
import Foundation
import SimUIKit
import SimulationTesting
import TestSupport
import Testing

/// A container of the app's own (a drawer: its children are the content and the menu; `isOpen` says whether
/// the menu shows), which a plugin teaches the bridge.
@MainActor
final class DrawerController: UIViewController {
    var isOpen = false

    func show(content: UIViewController, menu: UIViewController) {
        for child in [content, menu] {
            addChild(child)
            child.didMove(toParent: self)
        }
    }
}

/// The plugin that brings the drawer kind and no coordinators.
@MainActor
final class DrawerPlugin: BridgePlugin {
    let framework = "Drawers"

    func describeCoordinators(in context: BridgeReadContext) -> [BridgedCoordinator] { [] }

    func rebuildCoordinators(_ coordinators: [BridgedCoordinator], in context: BridgeRebuildContext)
        throws(BridgeRebuildError)
    {}

    var containerKinds: [any BridgeContainerKind] { [DrawerKind()] }
}

@MainActor
struct DrawerKind: BridgeContainerKind {
    let name = "Drawers.drawer"

    func state(of controller: UIViewController) -> [BridgedContainerState]? {
        guard let drawer = controller as? DrawerController else { return nil }
        return [BridgedContainerState(name: "open", value: "\(drawer.isOpen)")]
    }

    func makeStandIn(typeName: String) -> UIViewController { DrawerController() }

    func restore(_ container: UIViewController, children: [UIViewController], state: [BridgedContainerState])
        -> String?
    {
        guard let drawer = container as? DrawerController, children.count == 2 else {
            return "a drawer holds its content and its menu"
        }
        drawer.isOpen = state.first { $0.name == "open" }?.value == "true"
        drawer.show(content: children[0], menu: children[1])
        return nil
    }
}

/// Format version 4: page view controllers and the container kinds plugins describe are part of snapshots;
/// version 5: the pages a page view controller's data source lists; every earlier version still imports (X10).
@MainActor
@Suite("Container kinds in snapshots", .cleanSimulatedWorld)
struct ContainerKindTests {
    /// A tab bar whose second tab is a vertical page-curl page view showing page 2 of three.
    private func pagedWindow() -> (UIWindow, PageList) {
        let pages = UIPageViewController(transitionStyle: .pageCurl, navigationOrientation: .vertical)
        pages.restorationIdentifier = "news"
        let list = PageList([titled("Page 1", id: "p1"), titled("Page 2", id: "p2"), titled("Page 3", id: "p3")])
        pages.dataSource = list
        pages.setViewControllers([list.pages[1]], direction: .forward, animated: false)
        let tabs = UITabBarController()
        tabs.restorationIdentifier = "tabs"
        tabs.setViewControllers([titled("Home", id: "home"), pages], animated: false)
        tabs.selectedIndex = 1
        let window = UIWindow()
        window.rootViewController = tabs
        window.makeKeyAndVisible()
        return (window, list)
    }

    @Test("X10, S24: a page view controller is exported with its style and shown page, and comes back showing it")
    func pageRoundTrip() throws {
        let (window, list) = pagedWindow()
        let xml = export([window])
        #expect(xml.contains(#"<bridge-snapshot version="5">"#))
        #expect(
            xml.contains(
                #"<controller id="news" type="UIPageViewController" container="page" pageCurl="true" vertical="true">"#)
        )
        #expect(xml.contains(#"<child ref="p2"/>"#))
        let live = try BridgeSnapshot.importLive(xml, rebuilder: BridgeRebuilder(registry: BridgeRegistry(plugins())))
        #expect(export(live.windows) == xml)
        let tabs = try #require(live.windows.first?.rootViewController as? UITabBarController)
        let pages = try #require(tabs.selectedViewController as? UIPageViewController)
        #expect(pages.transitionStyle == .pageCurl && pages.navigationOrientation == .vertical)
        #expect(pages.viewControllers?.map(\.title) == ["Page 2"])
        withExtendedLifetime(list) {}
    }

    @Test("X10: version 3 documents know no page containers, and say so with the line")
    func pageNeedsVersion4() throws {
        let (window, list) = pagedWindow()
        let xml = export([window]).replacingOccurrences(of: #"version="5""#, with: #"version="3""#)
        withExtendedLifetime(list) {}
        do {
            _ = try BridgeSnapshot.parse(xml)
            Issue.record("a version 3 document with a page container was accepted")
        } catch {
            #expect(error.issues.contains { $0.message.contains("pageCurl") && $0.line > 0 })
            #expect(error.issues.contains { $0.message.contains("\"page\" is not one version 3 snapshots know") })
        }
    }

    /// A window whose root is a page view controller over three listed pages that loop, showing the third.
    private func listedPagesWindow() -> (UIWindow, ListedPages) {
        let pages = UIPageViewController(transitionStyle: .scroll, navigationOrientation: .horizontal)
        pages.restorationIdentifier = "news"
        let list = ListedPages([titled("Page 1", id: "p1"), titled("Page 2", id: "p2"), titled("Page 3", id: "p3")])
        pages.dataSource = list
        pages.setViewControllers([list.listedPages[2]], direction: .forward, animated: false)
        let window = UIWindow()
        window.rootViewController = pages
        return (window, list)
    }

    @Test(
        "X10: a page view controller whose data source lists its pages is exported with all of them, the shown one selected, and the import swipes through the restored pages"
    )
    func pageListRoundTrip() throws {
        let (window, list) = listedPagesWindow()
        window.makeKeyAndVisible()
        let xml = export([window])
        #expect(
            xml.contains(
                #"<controller id="news" type="UIPageViewController" container="page" selected="2" loop="true">"#))
        #expect(xml.contains(#"<child ref="p1"/>"#) && xml.contains(#"<child ref="p3"/>"#))
        #expect(try BridgeSnapshot.parse(xml).controllers.first?.container?.label == "page view, selected 2, loops")
        let live = try BridgeSnapshot.importLive(xml, rebuilder: BridgeRebuilder(registry: BridgeRegistry(plugins())))
        #expect(export(live.windows) == xml)
        let restored = try #require(live.windows.first?.rootViewController as? UIPageViewController)
        live.windows.first?.makeKeyAndVisible()
        #expect(restored.viewControllers?.map(\.title) == ["Page 3"])
        #expect(restored.simulateSwipe(.forward))
        SimRunLoop.main.runUntilIdle()
        #expect(restored.viewControllers?.map(\.title) == ["Page 1"], "the restored pages loop, as the app's did")
        withExtendedLifetime(list) {}
    }

    @Test(
        "X10: pages a data source makes anew each time it lists them are exported with the rest and seen by plugins while the tree is read"
    )
    func pagesMadeWhileListed() throws {
        let pages = UIPageViewController(transitionStyle: .scroll, navigationOrientation: .horizontal)
        pages.restorationIdentifier = "news"
        let list = PagesMadeOnDemand(shown: titled("Page 2", id: "p2"))
        pages.dataSource = list
        pages.setViewControllers([list.shown], direction: .forward, animated: false)
        let window = UIWindow()
        window.rootViewController = pages
        window.makeKeyAndVisible()
        let witness = ControllerWitness()
        let xml = BridgeSnapshot.export([window], registry: BridgeRegistry([witness]))
        #expect(xml.contains(#"<controller id="news" type="UIPageViewController" container="page" selected="1">"#))
        #expect(xml.contains(#"<controller id="p1" type="UIViewController" title="Page 1"/>"#))
        #expect(xml.contains(#"<controller id="p3" type="UIViewController" title="Page 3"/>"#))
        #expect(witness.titles == [nil, "Page 1", "Page 2", "Page 3"], "the plugin saw every controller of the tree")
        withExtendedLifetime(list) {}
    }

    @Test(
        "X10: page lists are version 5's: 'loop' needs a selected page, 'selected' a page in the list, and neither exists in version 4",
        arguments: [
            (
                #"container="page" selected="2" loop="true""#, #"container="page" loop="true""#, "5",
                "without the 'selected'"
            ),
            (
                #"container="page" selected="2" loop="true""#, #"container="page" selected="3""#, "5",
                "shows page 3 but lists 3"
            ),
            (
                #"container="page" selected="2" loop="true""#, #"container="page" selected="2""#, "4",
                "does not exist in version 4"
            ),
        ])
    func pageListRules(original: String, replacement: String, version: String, problem: String) throws {
        let (window, list) = listedPagesWindow()
        let xml = export([window])
        try #require(xml.contains(original))
        let mutated = xml.replacingOccurrences(of: original, with: replacement)
            .replacingOccurrences(of: #"version="5""#, with: #"version="\#(version)""#)
        withExtendedLifetime(list) {}
        do {
            _ = try BridgeSnapshot.parse(mutated)
            Issue.record("accepted: \(mutated)")
        } catch {
            #expect(error.issues.contains { $0.message.contains(problem) && $0.line > 0 }, "\(error)")
        }
    }

    @Test("X10: a plugin's container kind is described, exported with its state, and rebuilt by the plugin")
    func pluginContainerRoundTrip() throws {
        let drawer = DrawerController()
        drawer.restorationIdentifier = "drawer"
        drawer.isOpen = true
        drawer.show(content: titled("Feed", id: "feed"), menu: titled("Menu", id: "menu"))
        let window = UIWindow()
        window.rootViewController = drawer
        window.makeKeyAndVisible()
        let registry = BridgeRegistry(plugins() + [DrawerPlugin()])
        let tree = BridgeReader(registry: registry).read([window])
        #expect(tree.controllers.first?.container?.label == "Drawers.drawer, open true")
        let xml = BridgeSnapshot.export([window], registry: registry)
        #expect(xml.contains(#"<controller id="drawer" type="DrawerController" container="Drawers.drawer">"#))
        #expect(xml.contains(#"<state name="open" value="true"/>"#))
        let live = try BridgeSnapshot.importLive(xml, rebuilder: BridgeRebuilder(registry: registry))
        #expect(BridgeSnapshot.export(live.windows, registry: registry) == xml)
        let restored = try #require(live.windows.first?.rootViewController as? DrawerController)
        #expect(restored.isOpen && restored.children.map(\.title) == ["Feed", "Menu"])
        // Without the plugin the document is still valid, but cannot be rebuilt.
        #expect(throws: SnapshotError.self) {
            try BridgeSnapshot.importLive(xml, rebuilder: BridgeRebuilder(registry: BridgeRegistry(plugins())))
        }
        #expect(try BridgeSnapshot.parse(xml).controllers.count == 3)
    }

    @Test(
        "X4: version 4 documents with pages and plugins' kinds validate against the shipped schema with xmllint",
        .enabled(if: xmllintURL != nil, "xmllint is not installed (apt-get install libxml2-utils)"))
    func schemaAcceptsVersion4() throws {
        let xmllint = try #require(xmllintURL)
        let (window, list) = pagedWindow()
        let drawer = DrawerController()
        drawer.show(content: titled("Feed", id: "feed"), menu: titled("Menu", id: "menu"))
        let second = UIWindow()
        second.rootViewController = drawer
        let registry = BridgeRegistry(plugins() + [DrawerPlugin()])
        let file = try temporaryFile(BridgeSnapshot.export([window, second], registry: registry))
        let result = try run(xmllint, ["--noout", "--schema", SnapshotSchema.url.path, file.path])
        #expect(result.status == 0, "\(result.error)")
        withExtendedLifetime(list) {}
    }
}

/// The test data sources that list their pages swipe through them in that order.
extension UIPageViewControllerDataSource where Self: BridgePageListing {
    func pageViewController(
        _ pageViewController: UIPageViewController, viewControllerBefore viewController: UIViewController
    ) -> UIViewController? {
        listedPage(before: viewController)
    }

    func pageViewController(
        _ pageViewController: UIPageViewController, viewControllerAfter viewController: UIViewController
    ) -> UIViewController? {
        listedPage(after: viewController)
    }
}

/// A data source that lists its pages to the bridge, wrapping around.
@MainActor
final class ListedPages: UIPageViewControllerDataSource, BridgePageListing {
    let listedPages: [UIViewController]
    let loopsPages = true

    init(_ pages: [UIViewController]) {
        listedPages = pages
    }
}

/// A data source that keeps only the page it shows and makes the others each time it lists them, as an app
/// that builds its pages from a model may.
@MainActor
final class PagesMadeOnDemand: UIPageViewControllerDataSource, BridgePageListing {
    let shown: UIViewController
    let loopsPages = false

    init(shown: UIViewController) {
        self.shown = shown
    }

    var listedPages: [UIViewController] { [titled("Page 1", id: "p1"), shown, titled("Page 3", id: "p3")] }
}

/// A plugin that describes no coordinator and records the titles of the controllers the read context lists.
@MainActor
final class ControllerWitness: BridgePlugin {
    let framework = "Witness"
    private(set) var titles: [String?] = []

    func describeCoordinators(in context: BridgeReadContext) -> [BridgedCoordinator] {
        titles = context.controllers.map(\.title)
        return []
    }

    func rebuildCoordinators(_ coordinators: [BridgedCoordinator], in context: BridgeRebuildContext) {}
}
