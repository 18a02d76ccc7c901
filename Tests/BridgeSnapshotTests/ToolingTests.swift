import BridgeSnapshot
import BridgeSnapshotTesting
import CoordinatorBridge
import Foundation
import SimUIKit
import SimulationTesting
import SnapshotTesting
import Testing

/// Runs a program and returns its exit status, standard output and standard error.
func run(_ executable: URL, _ arguments: [String], environment: [String: String] = [:]) throws -> (
    status: Int32, output: String, error: String
) {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
        process.terminationStatus, String(decoding: outputData, as: UTF8.self),
        String(decoding: errorData, as: UTF8.self)
    )
}

/// A new temporary file holding `text`.
func temporaryFile(_ text: String, name: String = "snapshot.xml") throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url
}

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

    @Test("X7: diff reports additions, removals and changes by id, readably")
    func diff() throws {
        let old = try BridgeSnapshot.parse(export([Scenes.stackAndModalChain()[0] as! UIWindow]))
        var new = old
        new.controllers[1].title = "Start"
        new.controllers.append(
            BridgedController(id: "extra", type: "UIViewController", title: nil, children: [], container: nil))
        new.windows[0].presented.removeLast()
        new.controllers.removeAll { $0.id == "vc5" }
        let lines = BridgeSnapshot.diff(old, new).map(\.description)
        #expect(
            lines == [
                "~ window \"window1\": presented [settings (formSheet), vc5 (fullScreen)] -> [settings (formSheet)]",
                "~ controller \"home\": title \"Home\" -> \"Start\"",
                "- controller \"vc5\": type UIViewController, title \"Cover\", children []",
                "+ controller \"extra\": type UIViewController, title none, children []",
            ])
        #expect(BridgeSnapshot.diff(old, old).isEmpty)
    }

    @Test("X7: bridge snapshot, validate, diff and render work end to end, with exit codes")
    func commandLine() throws {
        let bridge = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
            "bridge")
        try #require(FileManager.default.isExecutableFile(atPath: bridge.path), "build the bridge executable first")
        let snapshot = try run(bridge, ["snapshot"])
        #expect(snapshot.status == 0)
        let first = try temporaryFile(snapshot.output)
        let valid = try run(bridge, ["validate", first.path])
        #expect(valid.status == 0)
        #expect(valid.output.contains("valid"))
        #expect(try run(bridge, ["diff", first.path, first.path]).status == 0)
        let changed = try temporaryFile(
            snapshot.output.replacingOccurrences(of: "title=\"Teapot\"", with: "title=\"Kettle\""))
        let difference = try run(bridge, ["diff", first.path, changed.path])
        #expect(difference.status == 1)
        #expect(difference.output == "~ controller \"teapot\": title \"Teapot\" -> \"Kettle\"\n")
        let broken = try temporaryFile(
            "<bridge-snapshot version=\"1\">\n  <windows>\n    <window id=\"w\"/>\n  </windows>\n</bridge-snapshot>\n")
        let invalid = try run(bridge, ["validate", broken.path])
        #expect(invalid.status == 2)
        #expect(invalid.error.contains("\(broken.path):3:"))
        #expect(try run(bridge, ["render", first.path]).output.contains("UIViewController #checkout \"Checkout\""))
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
