import BridgeSnapshot
import BridgeSnapshotTesting
import CoordinatorBridge
import Foundation
import SimUIKit
import SimulationTesting
import SnapshotTesting
import TestSupport
import Testing

/// xmllint, from libxml2-utils; `.ci/run` installs it, and the test that needs it is skipped without it.
let xmllintURL = ["/usr/bin/xmllint", "/usr/local/bin/xmllint", "/opt/homebrew/bin/xmllint"]
    .map(URL.init(fileURLWithPath:))
    .first { FileManager.default.isExecutableFile(atPath: $0.path) }

@MainActor
@Suite("Schema, diff and the command line", .cleanSimulatedWorld)
struct ToolingTests {
    @Test(
        "X4: every exported snapshot validates against the shipped schema with xmllint --schema",
        .enabled(if: xmllintURL != nil, "xmllint is not installed (apt-get install libxml2-utils)")
    )
    func xmllint() throws {
        let xmllint = try #require(xmllintURL)
        let scenes = [
            Scenes.stackAndModalChain(), Scenes.legacyTree(), Scenes.embeddedChain(), Scenes.classicAndWindowHost(),
        ]
        for scene in scenes {
            let file = try temporaryFile(export([scene[0] as! UIWindow]))
            let result = try run(xmllint, ["--noout", "--schema", SnapshotSchema.url.path, file.path])
            #expect(result.status == 0, "\(result.error)")
            #expect(result.error.contains("validates"))
        }
        (scenes[1][1] as! HomeCoordinator).stop()
    }

    @Test("X7, X13: diff reports additions, removals and changes by id, readably")
    func diff() throws {
        let old = try BridgeSnapshot.parse(export([Scenes.stackAndModalChain()[0] as! UIWindow]))
        var new = old
        new.controllers[1].title = "Start"
        new.controllers.append(
            BridgedController(id: "extra", type: "UIViewController", title: nil, children: [], container: nil))
        new.windows[0].presented.removeLast()
        new.controllers.removeAll { $0.id == "window1/presented/UIViewController" }
        let lines = BridgeSnapshot.diff(old, new).map(\.description)
        // The dismissal is one removed presentation: the window's list is not repeated (X13).
        #expect(
            lines == [
                "~ controller \"home\": title \"Home\" -> \"Start\"",
                "- controller \"window1/presented/UIViewController\": presented in window \"window1\" (2), type UIViewController, title \"Cover\", children []",
                "+ controller \"extra\": nowhere, type UIViewController, title none, children []",
            ])
        #expect(BridgeSnapshot.diff(old, old).isEmpty)
    }

}

@MainActor
@Suite(.snapshots(record: .missing), .cleanSimulatedWorld)
struct GoldenSnapshotTests {
    @Test("Golden: a window with a navigation stack and a modal chain")
    func stackAndModalChain() {
        let scene = Scenes.stackAndModalChain()
        assertSnapshot(of: scene[0] as! UIWindow, as: .bridgeXML)
    }

    @Test("Golden: a legacy tree with two coordinators on one stack")
    func legacyTree() {
        let scene = Scenes.legacyTree()
        assertSnapshot(of: scene[0] as! UIWindow, as: .bridgeXML(plugins: plugins()))
        (scene[1] as! HomeCoordinator).stop()
    }

    @Test("Golden: an embedded Insecurity chain")
    func embeddedChain() {
        let scene = Scenes.embeddedChain()
        assertSnapshot(of: scene[0] as! UIWindow, as: .bridgeXML(plugins: plugins()))
    }
}
