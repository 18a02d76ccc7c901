import BridgeSnapshot
import CoordinatorBridge
import Foundation
import Insecurity
import SimUIKit
import SimulationTesting
import TestSupport
import Testing

private let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

@MainActor
@Suite("Tab bars and split views in snapshots; version-1 files", .cleanSimulatedWorld)
struct ContainerSnapshotTests {
    let loop = SimRunLoop.main

    @Test(
        "X10, X12, X13: every committed golden file of versions 1 to 4 still imports, and the export of its import is its canonical form; the files of versions 2 to 4 are the current golden files in the current version, up to the ids earlier versions gave controllers without a restoration identifier",
        arguments: [1, 2, 3, 4], ["stackAndModalChain", "legacyTree", "embeddedChain"])
    func earlierVersionFilesImport(version: Int, name: String) throws {
        let old = try String(
            contentsOf: directory.appendingPathComponent("FormatVersion\(version)/\(name).xml"), encoding: .utf8)
        #expect(old.contains(#"<bridge-snapshot version="\#(version)">"#))
        let canonical = try BridgeSnapshot.canonical(old)
        #expect(canonical.contains(#"<bridge-snapshot version="\#(SnapshotSchema.version)">"#))
        if version >= 2 {
            // The same scenes today; version 2 did not name the adapter that runs a host.
            let current = try String(
                contentsOf: directory.appendingPathComponent("__Snapshots__/ToolingTests/\(name).1.xml"),
                encoding: .utf8)
            // Earlier versions named such controllers `vcN`; a document keeps the ids it has (X13).
            let expected = try current.renamingControllers(as: BridgeSnapshot.parse(canonical))
            #expect(
                canonical
                    == (version == 2
                        ? expected.replacingOccurrences(of: #" framework="ResponderCoordinator">"#, with: ">")
                        : expected)
            )
        }
        let live = try BridgeSnapshot.importLive(old, rebuilder: BridgeRebuilder(registry: BridgeRegistry(plugins())))
        #expect(export(live.windows) == canonical)
        for window in live.windows { window.rootViewController = nil }
        loop.runUntilIdle()
    }

    @Test(
        "X10: a tab bar with a host in a tab and a collapsed split view round-trip, and the imported host keeps working"
    )
    func tabBarAndSplitViewRoundTrip() throws {
        let catalog = UINavigationController(rootViewController: titled("Catalog", id: "catalog"))
        catalog.restorationIdentifier = "catalogTab"
        let cart = titled("Cart", id: "cart")
        let tabs = UITabBarController()
        tabs.restorationIdentifier = "tabs"
        tabs.viewControllers = [catalog, cart]
        let window = UIWindow()
        window.rootViewController = tabs
        window.makeKeyAndVisible()
        let host = InsecurityHost(navigation: catalog)
        host.start(PushScreen("Product"), animated: false) { _ in }
        tabs.selectedIndex = 1

        let split = UISplitViewController()
        split.restorationIdentifier = "split"
        split.viewControllers = [titled("List", id: "list"), titled("Detail", id: "detail")]
        split.simulateCollapse(true)
        let second = UIWindow()
        second.restorationIdentifier = "tablet"
        second.rootViewController = split
        second.isHidden = false

        let xml = expectRoundTrip([window, second])
        #expect(xml.contains(#"<controller id="tabs" type="UITabBarController" container="tabBar" selected="1">"#))
        #expect(
            xml.contains(
                #"<controller id="split" type="UISplitViewController" container="splitView" collapsed="true">"#))

        let live = try BridgeSnapshot.importLive(xml, rebuilder: BridgeRebuilder(registry: BridgeRegistry(plugins())))
        let importedTabs = try #require(live.windows.first?.rootViewController as? UITabBarController)
        #expect(importedTabs.selectedIndex == 1)
        #expect((live.windows.last?.rootViewController as? UISplitViewController)?.isCollapsed == true)
        let importedCatalog = try #require(importedTabs.viewControllers?.first as? UINavigationController)
        live.windows.first?.makeKeyAndVisible()
        #expect(importedTabs.simulateTabTap(0))
        #expect(importedCatalog.simulateBackButtonTap())
        loop.runUntilIdle()
        #expect(live.hosts.first?.liveCoordinatorTypes.isEmpty == true, "the restored frame ended with the back button")
        for window in [window, second] + live.windows { window.rootViewController = nil }
        loop.runUntilIdle()
    }

    @Test(
        "X10: each version's attributes only; a tab index out of range; too many split columns",
        arguments: [
            (
                #"<bridge-snapshot version="1"><windows/><controllers><controller id="a" type="T" container="tabBar"/></controllers><hosts/><coordinators/></bridge-snapshot>"#,
                "does not exist in version 1"
            ),
            (
                #"<bridge-snapshot version="2"><windows/><controllers><controller id="a" type="T" navigation="true"/></controllers><hosts/><coordinators/></bridge-snapshot>"#,
                "does not exist in version 2"
            ),
            (
                #"<bridge-snapshot version="2"><windows/><controllers><controller id="a" type="T" container="tabBar" selected="2"><child ref="b"/></controller><controller id="b" type="T"/></controllers><hosts/><coordinators/></bridge-snapshot>"#,
                "selects tab 2 but has 1 tabs"
            ),
            (
                #"<bridge-snapshot version="2"><windows/><controllers><controller id="a" type="T" container="splitView"><child ref="b"/><child ref="c"/><child ref="d"/></controller><controller id="b" type="T"/><controller id="c" type="T"/><controller id="d" type="T"/></controllers><hosts/><coordinators/></bridge-snapshot>"#,
                "shows at most two"
            ),
        ])
    func invalidContainers(xml: String, message: String) {
        #expect {
            try BridgeSnapshot.parse(xml)
        } throws: { error in
            (error as? SnapshotError)?.issues.contains { $0.message.contains(message) && $0.line == 1 } == true
        }
    }
}

extension String {
    /// This snapshot with each controller id replaced by the id of the controller at the same position in
    /// `other`, a snapshot of the same screens written under other ids.
    fileprivate func renamingControllers(as other: BridgedTree) throws -> String {
        let mine = try BridgeSnapshot.parse(self)
        var text = self
        for (own, theirs) in zip(mine.controllers, other.controllers) where own.id != theirs.id {
            text = text.replacingOccurrences(of: "\"\(own.id)\"", with: "\"\(theirs.id)\"")
        }
        return text
    }
}
