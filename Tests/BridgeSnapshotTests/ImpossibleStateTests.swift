import BridgeSnapshot
import CoordinatorBridge
import Foundation
import Insecurity
import ResponderCoordinator
@_spi(Testing) import SimUIKit
import SimulationTesting
import Testing

/// Valid documents that describe a state UIKit or an adapter cannot be in (found by mutating exports, as
/// the wide restore suite does): the import refuses each with a reason, and a refused import changes
/// nothing in the live world (X3, X5).
@MainActor
@Suite("X3, X5: documents of impossible states are refused, and a refusal changes nothing", .cleanSimulatedWorld)
struct ImpossibleStateTests {
    /// A window showing one screen, with `windows`, `controllers` and `coordinators` spliced into the document.
    private func document(
        windows: String = #"<window id="w" key="true" visible="true" root="home"/>"#,
        controllers: String = "", hosts: String = "<hosts/>", coordinators: String = "<coordinators/>"
    ) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <bridge-snapshot version="5">
          <windows>
            \(windows)
          </windows>
          <controllers>
            <controller id="home" type="UIViewController" title="Home"/>
            \(controllers)
          </controllers>
          \(hosts)
          \(coordinators)
        </bridge-snapshot>

        """
    }

    /// Imports `xml` into a live world that has a key window showing a screen, expecting a refusal whose
    /// message contains `reason`, and that the live world is as it was, also once the run loop has run.
    private func expectRefused(_ xml: String, because reason: String, sourceLocation: SourceLocation = #_sourceLocation)
    {
        let window = UIWindow()
        window.rootViewController = UIViewController()
        window.makeKeyAndVisible()
        let before = (UIApplication.shared.windows.map(ObjectIdentifier.init), export([window]))
        #expect(throws: SnapshotError.self, sourceLocation: sourceLocation) {
            _ = try BridgeSnapshot.importLive(xml, rebuilder: BridgeRebuilder(registry: BridgeRegistry(plugins())))
        }
        do {
            _ = try BridgeSnapshot.importLive(xml, rebuilder: BridgeRebuilder(registry: BridgeRegistry(plugins())))
        } catch {
            #expect("\(error)".contains(reason), "\(error)", sourceLocation: sourceLocation)
        }
        SimRunLoop.main.runUntilIdle()
        #expect(UIApplication.shared.windows.map(ObjectIdentifier.init) == before.0, sourceLocation: sourceLocation)
        #expect(UIApplication.shared.keyWindow === window, sourceLocation: sourceLocation)
        #expect(export([window]) == before.1, sourceLocation: sourceLocation)
        window.rootViewController = nil
    }

    @Test("X3, X5: two windows that each say they are key are refused (one window at a time is key)")
    func twoKeyWindows() throws {
        let xml = document(
            windows: """
                <window id="w" key="true" visible="true" root="home"/>
                <window id="v" key="true" visible="true" root="other"/>
                """,
            controllers: #"<controller id="other" type="UIViewController" title="Other"/>"#)
        #expect(try BridgeSnapshot.canonical(xml).contains(#"id="v" key="true""#), "the document is valid")
        expectRefused(xml, because: "one window at a time is key")
    }

    @Test("X3, X5: an alert presented in a style other than its own (UIKit presents alerts with .custom) is refused")
    func alertInAnotherStyle() {
        let xml = document(
            windows: """
                <window id="w" key="true" visible="true" root="home">
                  <presented controller="alert" style="automatic"/>
                </window>
                """,
            controllers: """
                <controller id="alert" type="UIAlertController" alert="alert">
                  <action title="OK" style="default"/>
                </controller>
                """)
        expectRefused(xml, because: "UIKit presents it with style custom, not automatic")
    }

    @Test(
        "X3, X5: two children of one legacy coordinator under one identifier are refused (children are keyed by identifier)"
    )
    func legacyChildrenSharingAnIdentifier() {
        let xml = document(
            windows: #"<window id="w" key="true" visible="true" root="nav"/>"#,
            controllers: """
                <controller id="nav" type="UINavigationController" container="navigation">
                  <child ref="home"/>
                </controller>
                """,
            coordinators: """
                <coordinators>
                  <coordinator id="app" framework="ResponderCoordinator" type="App" identifier="App" root="nav">
                    <child ref="a"/>
                    <child ref="b"/>
                    <owns ref="home"/>
                  </coordinator>
                  <coordinator id="a" framework="ResponderCoordinator" type="Feed" identifier="Feed" root="nav" parent="app"/>
                  <coordinator id="b" framework="ResponderCoordinator" type="Feed" identifier="Feed" root="nav" parent="app"/>
                </coordinators>
                """
        )
        expectRefused(xml, because: #"already has a child with identifier "Feed""#)
    }

    @Test("X3, X5: an InsecurityChild described under another identifier than its type is refused")
    func classicChildUnderAnotherIdentifier() {
        let window = UIWindow()
        window.makeKeyAndVisible()
        let windowHost = WindowHost(window)
        windowHost.start(ClassicStep("Start"), animated: false) { _ in }
        SimRunLoop.main.runUntilIdle()
        let xml = export([window])
        window.rootViewController = nil
        SimRunLoop.main.runUntilIdle()
        let renamed = xml.replacingOccurrences(of: #"identifier="ClassicStep""#, with: #"identifier="App0""#)
        #expect(renamed != xml)
        expectRefused(renamed, because: "an InsecurityChild is identified by its type")
    }

    /// A window presenting `nav`, a navigation controller holding `first` and `second`, with `frames` on a
    /// modal host on the window's root.
    private func presentedStack(frames: String, presented: [String] = ["nav"]) -> String {
        document(
            windows: """
                <window id="w" key="true" visible="true" root="home">
                  \(presented.map { #"<presented controller="\#($0)" style="automatic"/>"# }.joined(separator: "\n"))
                </window>
                """,
            controllers: """
                <controller id="nav" type="UINavigationController" container="navigation">
                  <child ref="first"/>
                  <child ref="second"/>
                </controller>
                <controller id="first" type="UIViewController" title="First"/>
                <controller id="second" type="UIViewController" title="Second"/>
                """,
            hosts: """
                <hosts>
                  <host id="home/modal" base="modal" on="home">
                    \(frames)
                  </host>
                </hosts>
                """)
    }

    /// Found by the restore suite's mutations, where UIKit warned while the import presented a controller
    /// that a navigation controller held: a controller has one place in the hierarchy.
    @Test("X3, X5: a controller both presented and a child of a navigation controller is refused")
    func presentedAndAChild() {
        let xml = presentedStack(frames: "", presented: ["nav", "second"])
        #expect(throws: SnapshotError.self) { try BridgeSnapshot.parse(xml) }
        expectRefused(xml, because: #"controller "second" is both presented in window "w" and a child of "nav""#)
    }

    /// Found by the restore suite's mutations (the engine's invariant check reported a frame missing from its
    /// host's lookup table): no two frames claim one navigation controller as their own, or present it and
    /// claim it.
    @Test(
        "X3, X5: frames that share one presented navigation controller are refused",
        arguments: [
            // Two frames say the one navigation controller is theirs.
            """
            <frame kind="presentNavigation" state="shown" coordinator="Screen" controller="first"/>
            <frame kind="presentNavigation" state="shown" coordinator="Screen" controller="second"/>
            """,
            // One frame presents the navigation controller, another says it is the root of it.
            """
            <frame kind="present" state="shown" coordinator="Screen" controller="nav"/>
            <frame kind="presentNavigation" state="shown" coordinator="Screen" controller="first"/>
            """,
        ])
    func framesSharingANavigationController(frames: String) throws {
        let xml = presentedStack(frames: frames)
        _ = try BridgeSnapshot.parse(xml)
        expectRefused(xml, because: "frame of Screen does not match the controllers' relationships")
    }
}
