import BridgeSnapshot
import CoordinatorBridge
import Foundation
@_spi(Adapters) import Insecurity
import ResponderCoordinator
@_spi(Testing) import SimUIKit
import SimulationTesting
import TestSupport
import Testing

@MainActor
@Suite("Export and import", .cleanSimulatedWorld)
struct RoundTripTests {
    @Test(
        "X1: the snapshot has windows, controllers, presentations, stacks, hosts with frames and adapters' coordinators"
    )
    func exportContents() throws {
        let legacy = Scenes.legacyTree()
        let xml = export([legacy[0] as! UIWindow])
        #expect(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<bridge-snapshot version=\"5\">"))
        #expect(xml.contains(#"<controller id="main" type="UINavigationController" container="navigation">"#))
        #expect(
            xml.contains(#"<host id="main/navigation" base="navigation" on="main" framework="ResponderCoordinator">"#))
        #expect(
            xml.contains(#"<frame kind="push" state="shown" coordinator="AccountCoordinator" controller="account"/>"#))
        #expect(
            xml.contains(
                #"<coordinator id="ResponderCoordinator.AccountCoordinator@main" framework="ResponderCoordinator" type="AccountCoordinator" identifier="AccountCoordinator" root="main" parent="ResponderCoordinator.HomeCoordinator@main">"#
            ))
        let tree = try BridgeSnapshot.parse(xml)
        #expect(tree.coordinators.map(\.controllerIDs) == [["home"], ["account", "security"]])
        (legacy[1] as! HomeCoordinator).stop()
    }

    @Test("E20: in strict mode, importing snapshots with navigation hosts and pushed frames reports nothing")
    func strictImport() {
        let scenes = [
            Scenes.stackAndModalChain(), Scenes.legacyTree(), Scenes.embeddedChain(), Scenes.classicAndWindowHost(),
        ]
        InsecurityDiagnostics.isStrict = true
        defer { InsecurityDiagnostics.isStrict = false }
        for scene in scenes {
            let diagnostics = InsecurityDiagnostics.capture { expectRoundTrip([scene[0] as! UIWindow]) }
            #expect(diagnostics.isEmpty)
        }
        (scenes[1][1] as! HomeCoordinator).stop()
        SimRunLoop.main.runUntilIdle()
    }

    @Test("X2: the same live state always gives the same bytes, and canonical form is a fixed point")
    func canonical() throws {
        let scene = Scenes.stackAndModalChain()
        let window = scene[0] as! UIWindow
        let first = export([window])
        #expect(export([window]) == first)
        #expect(try BridgeSnapshot.canonical(first) == first)
        let reformatted = first.replacingOccurrences(of: "\n  ", with: "\n\t\t").replacingOccurrences(
            of: "\n", with: "\r\n")
        #expect(reformatted != first)
        #expect(try BridgeSnapshot.canonical(reformatted) == first, "indentation and line endings do not matter")
    }

    @Test(
        "X2, X3: coordinators are in one order whatever order a valid document lists them in: by the first controller each is rooted at or owns, ancestors first"
    )
    func coordinatorOrderIsCanonical() throws {
        let document = """
            <?xml version="1.0" encoding="UTF-8"?>
            <bridge-snapshot version="5">
              <windows>
                <window id="w" key="true" visible="true" root="tabs"/>
              </windows>
              <controllers>
                <controller id="tabs" type="UITabBarController" container="tabBar" selected="0">
                  <child ref="first"/>
                  <child ref="second"/>
                </controller>
                <controller id="first" type="UINavigationController" container="navigation">
                  <child ref="home"/>
                </controller>
                <controller id="home" type="UIViewController" title="Home"/>
                <controller id="second" type="UINavigationController" container="navigation">
                  <child ref="other"/>
                </controller>
                <controller id="other" type="UIViewController" title="Other"/>
              </controllers>
              <hosts/>
              <coordinators>
                <coordinator id="a" framework="ResponderCoordinator" type="Feed" identifier="Feed" root="first">
                  <owns ref="home"/>
                </coordinator>
                <coordinator id="b" framework="ResponderCoordinator" type="App" identifier="App" root="second">
                  <owns ref="tabs"/>
                </coordinator>
              </coordinators>
            </bridge-snapshot>

            """
        let canonical = try BridgeSnapshot.canonical(document)
        #expect(try BridgeSnapshot.canonical(canonical) == canonical, "X2: a fixed point")
        let app = try #require(canonical.range(of: #"type="App""#))
        let feed = try #require(canonical.range(of: #"type="Feed""#))
        #expect(app.lowerBound < feed.lowerBound, "App owns the tab bar, the first controller")
        let live = try BridgeSnapshot.importLive(
            document, rebuilder: BridgeRebuilder(registry: BridgeRegistry(plugins())))
        #expect(export(live.windows) == canonical, "X3")
        for window in live.windows { window.rootViewController = nil }
        SimRunLoop.main.runUntilIdle()
    }

    @Test(
        "X1, X2: a document far larger than its element count suggests (long titles in several scripts) is written whole and reads back the same"
    )
    func documentLargerThanEstimated() throws {
        // Some 64 bytes an element are set aside for a document; these titles need hundreds of times that.
        let long = String(repeating: "Zürich → 東京 🚆 ", count: 2_000)
        let navigation = UINavigationController(rootViewController: titled(long, id: "first"))
        navigation.restorationIdentifier = "stack"
        navigation.pushViewController(titled("tail " + long, id: "second"), animated: false)
        let window = UIWindow()
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        let xml = export([window])
        let tree = try BridgeSnapshot.parse(xml)
        #expect(tree.controllers.map(\.title) == [nil, long, "tail " + long])
        #expect(xml.hasSuffix("</bridge-snapshot>\n"))
        #expect(try BridgeSnapshot.canonical(xml) == xml)
    }

    @Test("X3: export(import(x)) equals x for a window with a stack and a modal chain")
    func roundTripStackAndModal() {
        let scene = Scenes.stackAndModalChain()
        expectRoundTrip([scene[0] as! UIWindow])
    }

    @Test("X3: round trip of a legacy tree with two coordinators on one stack")
    func roundTripLegacy() {
        let scene = Scenes.legacyTree()
        expectRoundTrip([scene[0] as! UIWindow])
        (scene[1] as! HomeCoordinator).stop()
    }

    @Test("X3: round trip of an embedded Insecurity chain with pushes, a new navigation controller and a sheet")
    func roundTripEmbedded() {
        let scene = Scenes.embeddedChain()
        // The scene holds the coordinators: kept until the round trip is done, in optimized builds too.
        let xml = withExtendedLifetime(scene) { expectRoundTrip([scene[0] as! UIWindow]) }
        #expect(xml.contains(#"kind="presentNavigation""#))
    }

    @Test("X3: round trip of InsecurityChild chains on a window host")
    func roundTripClassic() {
        let scene = Scenes.classicAndWindowHost()
        let xml = withExtendedLifetime(scene) { expectRoundTrip([scene[0] as! UIWindow]) }
        #expect(xml.contains(#"framework="InsecurityClassic""#))
        #expect(xml.contains(#"base="window""#))
    }

    @Test("X3: a window host an adapter makes records its framework on each root chain, and it round-trips")
    func adapterWindowHostRecordsItsFramework() throws {
        let window = UIWindow()
        window.makeKeyAndVisible()
        let windowHost = WindowHost(window, framework: "SomeRouter")
        windowHost.start(ModalScreen("Start"), animated: false) { _ in }
        SimRunLoop.main.runUntilIdle()
        let xml = export([window])
        #expect(xml.contains(#"base="window" on="window1" framework="SomeRouter""#), "\(xml)")
        expectRoundTrip([window])
        window.rootViewController = nil
        SimRunLoop.main.runUntilIdle()
    }

    @Test("X2: an InsecurityChild started non-animated as a window host's root exports in canonical form")
    func classicWindowRootIsCanonical() throws {
        let window = UIWindow()
        window.makeKeyAndVisible()
        let windowHost = WindowHost(window)
        windowHost.start(ClassicStep("Start"), animated: false) { _ in }
        SimRunLoop.main.runUntilIdle()
        let xml = export([window])
        #expect(xml.contains(#"framework="InsecurityClassic""#))
        #expect(try BridgeSnapshot.canonical(xml) == xml, "parsing must not invent a root for the coordinator")
        expectRoundTrip([window])
    }

    @Test(
        "X3, E13: a snapshot taken right after a completion replaced the window root leaves out the replaced chain, and round-trips"
    )
    func windowRootReplacedInCompletion() throws {
        let window = UIWindow()
        window.makeKeyAndVisible()
        let windowHost = WindowHost(window)
        let first = ModalScreen("First")
        let child = ModalScreen("Child")
        windowHost.start(first, animated: false) { _ in }
        first.navigation.start(child, animated: false) { _ in
            windowHost.start(ModalScreen("Second"), animated: false) { _ in }
        }
        SimRunLoop.main.runUntilIdle()
        child.finish("done")
        // The replaced chain ends on the run loop's next turn: the snapshot is taken before it.
        let xml = expectRoundTrip([window])
        #expect(!xml.contains(#"controller="first""#), "the replaced chain shows nothing and is not part of the tree")
        #expect(xml.contains(#"controller="second""#))
        SimRunLoop.main.runUntilIdle()
        #expect(!first.isLive)
    }

    @Test(
        "X3: InsecurityChild coordinators described against their frames (owned controllers swapped) are refused at import, saying why"
    )
    func classicContradictingFramesRefused() throws {
        let scene = Scenes.classicAndWindowHost()
        let xml = withExtendedLifetime(scene) { export([scene[0] as! UIWindow]) }
        let owns = xml.components(separatedBy: "\n").filter { $0.contains("<owns ref=") }
        try #require(owns.count == 2)
        let swapped = xml.replacingOccurrences(of: owns[0], with: "SWAP").replacingOccurrences(
            of: owns[1], with: owns[0]
        )
        .replacingOccurrences(of: "SWAP", with: owns[1])
        #expect(
            try BridgeSnapshot.canonical(swapped) != BridgeSnapshot.canonical(xml),
            "the mutation is a valid, other document")
        do {
            _ = try BridgeSnapshot.importLive(swapped, rebuilder: BridgeRebuilder(registry: BridgeRegistry(plugins())))
            Issue.record("imported a description that contradicts its frames")
        } catch {
            #expect(
                error.issues.contains { $0.kind == .unbuildable && $0.message.contains("InsecurityClassic") },
                "\(error)")
        }
    }

    @Test(
        "X3: ResponderCoordinator coordinators that own what they cannot, or hosts said to be theirs that none uses, are refused at import, saying why",
        arguments: [
            (
                "      <owns ref=\"home\"/>", "      <owns ref=\"home\"/>\n      <owns ref=\"main\"/>",
                "cannot own its own navigation controller"
            ),
            (
                "  </hosts>",
                "    <host id=\"host2\" base=\"navigation\" on=\"main\" framework=\"ResponderCoordinator\"/>\n  </hosts>",
                "its navigation controller's stack runs on another host"
            ),
        ])
    func responderContradictionsRefused(original: String, replacement: String, reason: String) throws {
        let scene = Scenes.legacyTree()
        let xml = export([scene[0] as! UIWindow])
        try #require(xml.contains(original))
        let mutated = xml.replacingOccurrences(of: original, with: replacement)
        _ = try BridgeSnapshot.canonical(mutated)
        do {
            _ = try BridgeSnapshot.importLive(mutated, rebuilder: BridgeRebuilder(registry: BridgeRegistry(plugins())))
            Issue.record("imported a description the adapter cannot rebuild")
        } catch {
            #expect(error.issues.contains { $0.kind == .unbuildable && $0.message.contains(reason) }, "\(error)")
            // The problem comes typed too, naming what failed, so that tools need not parse the message.
            let problems = error.issues.compactMap(\.rebuildProblem)
            #expect(problems.count == error.issues.count)
            #expect(
                problems.contains {
                    if case .pluginFailed(let framework, _, let why) = $0 {
                        return framework == "ResponderCoordinator" && why.contains(reason)
                    }
                    if case .hostMismatch(_, let why) = $0 { return why.contains(reason) }
                    return false
                }, "\(problems)")
        }
        (scene[1] as! HomeCoordinator).stop()
    }

    @Test("X3: unknown controller types come back as stand-ins that keep their type name; factories make real ones")
    func factories() throws {
        final class ProfileViewController: UIViewController {}
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <bridge-snapshot version="5">
              <windows>
                <window id="window1" key="true" visible="true" root="nav"/>
              </windows>
              <controllers>
                <controller id="nav" type="AppNavigationController" container="navigation">
                  <child ref="profile"/>
                </controller>
                <controller id="profile" type="ProfileViewController" title="Me"/>
              </controllers>
              <hosts/>
              <coordinators/>
            </bridge-snapshot>

            """
        var rebuilder = BridgeRebuilder(registry: BridgeRegistry())
        rebuilder.controllerFactories["ProfileViewController"] = { ProfileViewController() }
        let live = try BridgeSnapshot.importLive(xml, rebuilder: rebuilder)
        let navigation = live.windows.first?.rootViewController as? RestoredNavigationController
        #expect(navigation?.bridgedTypeName == "AppNavigationController")
        #expect(navigation?.topViewController is ProfileViewController)
        #expect(BridgeSnapshot.export(live.windows, registry: BridgeRegistry()) == xml)
    }

    @Test(
        "X3, S12: the restored window's presented controllers appear when it is shown, so work they start in viewDidAppear runs"
    )
    func restoredPresentationsAppear() throws {
        final class Tracking: UIViewController {
            var appeared = 0
            override func viewDidAppear(_ animated: Bool) { appeared += 1 }
        }
        let scene = Scenes.stackAndModalChain()
        let xml = export([scene[0] as! UIWindow])
        var rebuilder = BridgeRebuilder(registry: BridgeRegistry(plugins()))
        var made: [Tracking] = []
        rebuilder.controllerFactories["UIViewController"] = {
            let controller = Tracking()
            made.append(controller)
            return controller
        }
        let live = try BridgeSnapshot.importLive(xml, rebuilder: rebuilder)
        live.windows[0].makeKeyAndVisible()
        let chain = sequence(first: live.windows[0].rootViewController!) { $0.presentedViewController }.map { $0 }
        let settings = try #require(chain.first { $0.title == "Settings" } as? Tracking)
        let cover = try #require(chain.first { $0.title == "Cover" } as? Tracking)
        // The form sheet is covered by the full-screen cover above it: only the cover is seen.
        #expect(cover.appeared == 1)
        #expect(settings.appeared == 0)
        #expect(SimAppearanceInvariants(watching: made).violations(windows: live.windows, settled: true) == [])
    }

    @Test("X5: a snapshot that cannot be rebuilt changes no live state")
    func atomicImport() throws {
        let scene = Scenes.stackAndModalChain()
        let window = scene[0] as! UIWindow
        let before = window.hierarchyDescription()
        let hosts = InsecurityHost.hosts(in: [window]).count
        let xml = """
            <bridge-snapshot version="3">
              <windows><window id="w" key="true" visible="true" root="a"/></windows>
              <controllers>
                <controller id="a" type="UIViewController"/>
                <controller id="b" type="UIViewController"/>
              </controllers>
              <hosts><host id="h" base="modal" on="a"><frame kind="present" state="shown" coordinator="X" controller="b"/></host></hosts>
              <coordinators><coordinator id="c" framework="Unregistered" type="T" identifier="t" root="a"/></coordinators>
            </bridge-snapshot>
            """
        #expect(throws: SnapshotError.self) {
            try BridgeSnapshot.importLive(xml, rebuilder: BridgeRebuilder(registry: BridgeRegistry()))
        }
        do {
            _ = try BridgeSnapshot.importLive(xml, rebuilder: BridgeRebuilder(registry: BridgeRegistry()))
        } catch {
            #expect(error.issues.allSatisfy { $0.kind == .unbuildable })
            #expect(error.issues.contains { $0.message.contains("does not match") })
        }
        // The rebuilder names the failing part: the host whose frame does not match, in its own phase.
        let tree = try BridgeSnapshot.parse(xml)
        do {
            _ = try BridgeRebuilder(registry: BridgeRegistry()).rebuild(tree)
            Issue.record("built")
        } catch {
            let failure = error
            #expect(failure.problems.count == 1)
            #expect(failure.problems.allSatisfy { if case .hostMismatch(hostID: "h", _) = $0 { true } else { false } })
        }
        #expect(window.hierarchyDescription() == before)
        #expect(InsecurityHost.hosts(in: [window]).count == hosts)
    }

    @Test("X8: a chain of 10,000 frames is written flat and imports under libxml2's default depth limit")
    func deepChain() throws {
        let window = UIWindow()
        let navigation = UINavigationController(rootViewController: titled("Root", id: "root"))
        window.rootViewController = navigation
        window.makeKeyAndVisible()
        let host = InsecurityHost(navigation: navigation)
        var top = PushScreen("P0")
        host.start(top, animated: false) { _ in }
        for index in 1..<10_000 {
            let next = PushScreen("P\(index)")
            top.navigation.start(next, animated: false) { _ in }
            top = next
        }
        let xml = export([window])
        let depth = xml.split(separator: "\n").map { $0.prefix { $0 == " " }.count / 2 }.max()
        #expect(depth == 3, "four levels of elements whatever the depth of navigation")
        let tree = try BridgeSnapshot.parse(xml)
        #expect(tree.hosts.first?.frames.count == 10_000)
        expectRoundTrip([window])
        _ = host
    }
}

@MainActor
@Suite("Behaviour after import", .cleanSimulatedWorld)
struct AfterImportTests {
    @Test("X3: imported legacy coordinators keep handling pops: a back-button pop ends the restored child")
    func legacyPopsAfterImport() throws {
        let scene = Scenes.legacyTree()
        let xml = export([scene[0] as! UIWindow])
        (scene[1] as! HomeCoordinator).stop()
        let live = try BridgeSnapshot.importLive(xml, rebuilder: BridgeRebuilder(registry: BridgeRegistry(plugins())))
        let window = try #require(live.windows.first)
        let navigation = try #require(window.rootViewController as? UINavigationController)
        navigation.simulateBackButtonTap()
        SimRunLoop.main.runUntilIdle()
        navigation.simulateBackButtonTap()
        SimRunLoop.main.runUntilIdle()
        let tree = try BridgeSnapshot.parse(export(live.windows))
        #expect(tree.controllers.first?.children == ["home"])
        #expect(
            tree.coordinators.map(\.type) == ["HomeCoordinator"], "the account coordinator finished and was stopped")
        #expect(tree.coordinators.first?.childIDs.isEmpty == true)
        #expect(tree.hosts.first?.frames.isEmpty == true)
        for case let coordinator as ResponderCoordinator.NavigationCoordinator in live.retained { coordinator.stop() }
    }
}
