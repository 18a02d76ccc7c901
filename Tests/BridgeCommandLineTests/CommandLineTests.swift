import Foundation
import TestSupport
import Testing

/// The `bridge` executable next to the test runner (`swift build` builds it with the tests).
private let bridge = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(
    "bridge")

/// util-linux's `script`, which runs a command on a pseudo-terminal (Linux; its options differ on macOS).
private let scriptURL: URL? = {
    #if os(Linux)
        let url = URL(fileURLWithPath: "/usr/bin/script")
        return FileManager.default.isExecutableFile(atPath: url.path) ? url : nil
    #else
        return nil
    #endif
}()

/// Graphviz's `dot`, when installed (`.ci/run` installs it).
private let dotURL = ["/usr/bin/dot", "/usr/local/bin/dot", "/opt/homebrew/bin/dot"]
    .map(URL.init(fileURLWithPath:))
    .first { FileManager.default.isExecutableFile(atPath: $0.path) }

/// End-to-end tests of the built `bridge` binary: every subcommand, success and failure, exit codes
/// (0 ok, 1 differences, 2 bad input) and the shape of the output.
@Suite("bridge, end to end")
struct CommandLineTests {
    private func bridgeRun(_ arguments: [String], environment: [String: String] = [:]) throws -> (
        status: Int32, output: String, error: String
    ) {
        try #require(FileManager.default.isExecutableFile(atPath: bridge.path), "build the bridge executable first")
        return try run(bridge, arguments, environment: environment)
    }

    private func checkoutSnapshot() throws -> URL {
        let snapshot = try bridgeRun(["snapshot"])
        #expect(snapshot.status == 0)
        return try temporaryFile(snapshot.output, name: "shop.xml")
    }

    @Test("bridge (no arguments) tells the story in six chapters, plain when piped, naming the app's own coordinators")
    func demo() throws {
        let demo = try bridgeRun([])
        #expect(demo.status == 0)
        for chapter in [
            "1. A legacy app", "2. An Insecurity chain embedded mid-app", "3. The bridged tree as a snapshot",
            "4. The user swipes and goes back", "5. What changed, as a diff", "6. The snapshot re-imported",
        ] {
            #expect(demo.output.contains("\n\(chapter)\n"))
        }
        #expect(demo.output.contains("ShopCoordinator.coordinatorDidFinish(ProductCoordinator)"))
        #expect(demo.output.contains("export(import(snapshot)) == snapshot: yes"))
        #expect(!demo.output.contains("\u{1B}["), "no colour when piped")
        #expect(!demo.output.contains("PushedController") && !demo.output.contains("PresentedController"))
        #expect(demo.error.isEmpty, "no UIKit warning or diagnostic: \(demo.error)")

        // `bridge snapshot` writes the snapshot the third chapter shows.
        let snapshot = try bridgeRun(["snapshot"]).output
        let lines = snapshot.split(separator: "\n")
        #expect(demo.output.contains(lines.prefix(12).joined(separator: "\n")))
        #expect(
            demo.output.contains(
                "… \(lines.count - 12) more lines (\(snapshot.utf8.count) bytes); `bridge snapshot` writes this one whole"
            ))
    }

    @Test(
        "The demo is coloured on a terminal, and plain there too with NO_COLOR set or TERM=dumb",
        .enabled(if: scriptURL != nil, "util-linux's script, which gives the demo a terminal, is not installed"))
    func colourOnlyWhereWanted() throws {
        /// The demo's output on a pseudo-terminal made by `script`, with `environment` added.
        func onTerminal(_ environment: [String: String]) throws -> String {
            try run(scriptURL!, ["-qec", bridge.path, "/dev/null"], environment: environment).output
        }
        // The test runner may itself run with NO_COLOR set; an empty value means unset.
        let coloured = try onTerminal(["TERM": "xterm", "NO_COLOR": ""])
        #expect(coloured.contains("\u{1B}[1;36m1. A legacy app"), "\(coloured.prefix(300))")
        #expect(!(try onTerminal(["TERM": "dumb"]).contains("\u{1B}[")))
        #expect(!(try onTerminal(["TERM": "xterm", "NO_COLOR": "1"]).contains("\u{1B}[")))
    }

    @Test(
        "bridge --version names the release that CHANGELOG.md lists first and the snapshot format the writer writes; the README names the same release"
    )
    func version() throws {
        let result = try bridgeRun(["--version"])
        #expect(result.status == 0)
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let changelog = try String(contentsOf: root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let latest = try #require(changelog.split(separator: "\n").first { $0.hasPrefix("## ") })
        let released = try #require(latest.split(separator: " ").dropFirst().first)
        #expect(result.output == "bridge \(released) (snapshot format 5)\n")
        let snapshot = try bridgeRun(["snapshot"])
        #expect(snapshot.output.contains(#"<bridge-snapshot version="5">"#), "the format the writer writes")
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("\nVersion \(released) ("), "the README's version line")
    }

    @Test("A word that is no command is named as such, with the list of commands, and exits 2")
    func unknownCommand() throws {
        let result = try bridgeRun(["frobnicate"])
        #expect(result.status == 2)
        #expect(
            result.error
                == "bridge: 'frobnicate' is not a command. Commands: demo, snapshot, validate, diff, render, replay, migrate; see 'bridge --help'.\n"
        )
    }

    @Test("X10: bridge validate names each document's own format version")
    func validateNamesTheDocumentsVersion() throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        for version in [1, 2, 3] {
            let file = directory.deletingLastPathComponent().appendingPathComponent(
                "BridgeSnapshotTests/FormatVersion\(version)/legacyTree.xml")
            let result = try bridgeRun(["validate", file.path])
            #expect(result.status == 0)
            #expect(result.output == "\(file.path): valid (format version \(version))\n")
        }
        let current = try bridgeRun(["validate", try checkoutSnapshot().path])
        #expect(current.output.hasSuffix("valid (format version 5)\n"))
    }

    /// A folder of snapshots, as a team keeps them: `files` maps relative paths to contents.
    private func folder(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-folder-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    @Test(
        "bridge validate takes files and folders: every problem with its path, skipped entries named, one summary line")
    func validateManySnapshots() throws {
        let valid = try String(contentsOf: checkoutSnapshot(), encoding: .utf8)
        let root = try folder([
            "shop.xml": valid, "flows/checkout/again.xml": valid, "flows/broken.xml": "<bridge-snapshot",
            "notes.txt": "not a snapshot", ".git/config.xml": "hidden, never read",
        ])
        let result = try bridgeRun(["validate", root.path])
        #expect(result.status == 2)
        #expect(result.output == "3 snapshots: 2 valid, 1 invalid or unreadable; 1 entry skipped\n")
        #expect(result.error.contains("\(root.path)/flows/broken.xml:1:"))
        #expect(result.error.contains("\(root.path)/notes.txt: skipped: not a .xml file"))
        #expect(!result.error.contains(".git"), "hidden entries are left out")
        #expect(!result.error.contains("shop.xml"))

        let files = try bridgeRun(["validate", "\(root.path)/shop.xml", "\(root.path)/flows/checkout"])
        #expect(files.status == 0)
        #expect(files.output == "2 snapshots: 2 valid, 0 invalid or unreadable\n")
        #expect(files.error.isEmpty)

        let missing = try bridgeRun(["validate", "\(root.path)/shop.xml", "\(root.path)/gone.xml"])
        #expect(missing.status == 2)
        #expect(missing.error.contains("\(root.path)/gone.xml: cannot read the file: No such file or directory"))
    }

    @Test(
        "X13: bridge validate with no snapshot found exits 2 naming the path; problems are capped per file and in all, saying how many were left out"
    )
    func validateAsCIGate() throws {
        let empty = try folder(["notes.txt": "not a snapshot"])
        let nothing = try bridgeRun(["validate", empty.path])
        #expect(nothing.status == 2, "a wrong path in a CI step does not pass")
        #expect(nothing.error.contains("bridge validate: no snapshot found in \(empty.path)"))

        // One controller with 150 children that do not exist: 150 problems.
        let children = (1...150).map { "      <child ref=\"ghost\($0)\"/>" }.joined(separator: "\n")
        let broken = """
            <?xml version="1.0" encoding="UTF-8"?>
            <bridge-snapshot version="5">
              <windows><window id="w" key="true" visible="true" root="nav"/></windows>
              <controllers>
                <controller id="nav" type="UINavigationController" container="navigation">
            \(children)
                </controller>
              </controllers>
              <hosts/>
              <coordinators/>
            </bridge-snapshot>
            """
        let root = try folder(["a.xml": broken, "b.xml": broken])
        let capped = try bridgeRun(["validate", root.path, "--max-per-file", "5", "--max-problems", "8"])
        #expect(capped.status == 2)
        let problems = capped.error.split(separator: "\n").filter { $0.contains(": danglingReference: ") }
        #expect(problems.count == 8, "5 of the first file, 3 of the second")
        #expect(capped.error.contains("\(root.path)/a.xml: 145 more problems not shown"))
        #expect(capped.error.contains("\(root.path)/b.xml: 147 more problems not shown"))
        #expect(capped.output == "2 snapshots: 0 valid, 2 invalid or unreadable; 292 problems not shown\n")
        let defaults = try bridgeRun(["validate", "\(root.path)/a.xml"])
        #expect(defaults.error.split(separator: "\n").filter { $0.contains(": danglingReference: ") }.count == 20)
        #expect(defaults.error.contains("130 more problems not shown"))
    }

    @Test("bridge migrate on a snapshot with nothing to migrate says so, exits 0 and writes no file")
    func migrateNothing() throws {
        let plain = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("BridgeSnapshotTests/__Snapshots__/ToolingTests/stackAndModalChain.1.xml")
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("nothing-\(UUID().uuidString).swift")
        let result = try bridgeRun(["migrate", plain.path, "--swift", output.path])
        #expect(result.status == 0)
        #expect(
            result.output
                == "No ResponderCoordinator or RouteCoordinator coordinators in this snapshot: nothing to migrate.\n")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test("bridge diff of two folders pairs snapshots by relative path: added, removed and changed files, exit 1")
    func diffFolders() throws {
        let file = try checkoutSnapshot()
        let script = try temporaryFile("swipe checkout\n", name: "journey.txt")
        let steps = file.deletingLastPathComponent().appendingPathComponent("steps")
        #expect(try bridgeRun(["replay", file.path, script.path, "-o", steps.path]).status == 0)
        let original = try String(contentsOf: file, encoding: .utf8)
        let swiped = try String(contentsOf: steps.appendingPathComponent("step-001.xml"), encoding: .utf8)
        let before = try folder(["shop.xml": original, "flows/a.xml": original, "old.xml": original])
        let after = try folder(["shop.xml": original, "flows/a.xml": swiped, "new.xml": original])

        let result = try bridgeRun(["diff", before.path, after.path])
        #expect(result.status == 1)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "~ flows/a.xml")
        #expect(lines.contains { $0.hasPrefix("    - controller \"checkout\"") })
        #expect(lines.contains("+ new.xml") && lines.contains("- old.xml"))
        #expect(lines.last == "1 changed, 1 added, 1 removed, 1 unchanged")

        let same = try bridgeRun(["diff", before.path, before.path])
        #expect(same.status == 0)
        #expect(same.output == "0 changed, 0 added, 0 removed, 3 unchanged\n")

        let mixed = try bridgeRun(["diff", file.path, before.path])
        #expect(mixed.status == 2)
        #expect(mixed.error.contains("give two snapshot files or two folders"))
    }

    @Test(
        "bridge render draws text, Mermaid and Graphviz; the DOT output renders with dot -Tsvg when Graphviz is installed"
    )
    func render() throws {
        let file = try checkoutSnapshot()
        let text = try bridgeRun(["render", file.path])
        #expect(text.status == 0)
        #expect(text.output.contains("UIViewController #checkout \"Checkout\"  <- CheckoutCoordinator present"))
        #expect(text.output.contains("UIViewController #teapot \"Teapot\"  <- ProductCoordinator push\n"))

        let mermaid = try bridgeRun(["render", file.path, "--format", "mermaid"])
        #expect(mermaid.status == 0)
        let lines = mermaid.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "flowchart TD")
        #expect(
            lines.contains { $0.contains("{{\"host shop/modal") }, "hosts are hexagons, named after their base (X13)")
        #expect(
            lines.contains { $0.contains("([\"ShopCoordinator<br/>ResponderCoordinator\"])") },
            "coordinators are rounded")
        #expect(lines.contains { $0.contains("-.->|\"presents (automatic)\"|") }, "presentations are dotted")
        #expect(!mermaid.output.contains("\"#"), "ids are escaped")

        let dot = try bridgeRun(["render", file.path, "--format", "dot"])
        #expect(dot.status == 0)
        #expect(dot.output.hasPrefix("digraph bridge {") && dot.output.hasSuffix("}\n"))
        #expect(dot.output.contains("shape=hexagon") && dot.output.contains("style=dashed"))
    }

    @Test(
        "bridge render --format dot is accepted by Graphviz",
        .enabled(if: dotURL != nil, "Graphviz's dot is not installed; .ci/run installs it"))
    func graphvizRendersDot() throws {
        let dot = try bridgeRun(["render", try checkoutSnapshot().path, "--format", "dot"])
        let graph = try temporaryFile(dot.output, name: "shop.dot")
        let svg = try run(dotURL!, ["-Tsvg", graph.path])
        #expect(svg.status == 0, "dot refused the graph: \(svg.error)")
        #expect(svg.output.contains("<svg") && svg.output.contains("ShopCoordinator"))
    }

    @Test("bridge replay writes a snapshot per step that bridge diff compares; script errors name the line")
    func replay() throws {
        let file = try checkoutSnapshot()
        let script = try temporaryFile(
            "# the user leaves checkout, then the product\nswipe checkout\n\nback shop\n", name: "journey.txt")
        let steps = file.deletingLastPathComponent().appendingPathComponent("steps")
        let replay = try bridgeRun(["replay", file.path, script.path, "-o", steps.path])
        #expect(replay.status == 0, "\(replay.error)")
        #expect(replay.output == "3 snapshots written to \(steps.path)\n")
        let step = { (number: Int) in steps.appendingPathComponent(String(format: "step-%03d.xml", number)).path }
        #expect(try bridgeRun(["diff", file.path, step(0)]).status == 0, "step 0 is the import")
        let swiped = try bridgeRun(["diff", step(0), step(1)])
        #expect(swiped.status == 1)
        #expect(swiped.output.contains("- controller \"checkout\": presented in window \"app\" (1)"))
        #expect(
            swiped.output.contains(
                "~ host \"shop/modal\": frames [present CheckoutCoordinator checkout shown, presentNavigation PaymentCoordinator payment shown] -> []"
            ))
        let back = try bridgeRun(["diff", step(1), step(2)])
        #expect(
            back.output.hasPrefix("- controller \"teapot\": on stack \"shop\" (2)"), "the pop is one removed controller"
        )

        let printed = try bridgeRun(["replay", file.path, script.path])
        #expect(printed.output.contains("<!-- step 2: line 4: back shop -->"))

        let broken = try temporaryFile("swipe checkout\njump shop\n", name: "broken.txt")
        let invalid = try bridgeRun(["replay", file.path, broken.path])
        #expect(invalid.status == 2)
        #expect(invalid.error.contains("\(broken.path):2: unknown event 'jump'"))

        let covered = try temporaryFile("back shop\n", name: "covered.txt")
        let underSheet = try bridgeRun(["replay", file.path, covered.path])
        #expect(underSheet.status == 2)
        #expect(underSheet.error.contains("\(covered.path):1: UIKit refuses: 'checkout' is presented over 'shop'"))

        let refused = try temporaryFile("swipe checkout\nback shop\nback shop\n", name: "refused.txt")
        let twice = try bridgeRun(["replay", file.path, refused.path])
        #expect(twice.status == 2)
        #expect(twice.error.contains("\(refused.path):3: UIKit refuses: there is nothing to go back to on 'shop'"))
    }

    @Test("S17: a snapshot whose import would make UIKit raise is bad input: exit 2 with UIKit's reason, no crash")
    func replayOfARaisingSnapshot() throws {
        let nested = try temporaryFile(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <bridge-snapshot version="3">
              <windows><window id="w" key="true" visible="true" root="main"/></windows>
              <controllers>
                <controller id="main" type="UINavigationController" container="navigation">
                  <child ref="home"/><child ref="inner"/>
                </controller>
                <controller id="home" type="UIViewController"/>
                <controller id="inner" type="UINavigationController" container="navigation"/>
              </controllers>
              <hosts/><coordinators/>
            </bridge-snapshot>
            """, name: "nested.xml")
        let script = try temporaryFile("wait\n", name: "wait.txt")
        let replay = try bridgeRun(["replay", nested.path, script.path])
        #expect(replay.status == 2)
        #expect(
            replay.error.contains(
                "\(nested.path):2:1: unbuildable: UIKit would raise NSInternalInconsistencyException: UINavigationControllers are not allowed in a navigation controller!"
            ), "UIKit's exception is the document's problem: \(replay.error)")
    }

    @Test("X13: bridge replay places a problem of the import at the element it names")
    func replayPlacesImportProblems() throws {
        let foreign = try temporaryFile(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <bridge-snapshot version="5">
              <windows><window id="w" key="true" visible="true" root="home"/></windows>
              <controllers><controller id="home" type="UIViewController"/></controllers>
              <hosts/>
              <coordinators>
                <coordinator id="c" framework="Elsewhere" type="T" identifier="c" root="home"/>
              </coordinators>
            </bridge-snapshot>
            """, name: "foreign.xml")
        let replay = try bridgeRun(["replay", foreign.path, try temporaryFile("wait\n", name: "wait.txt").path])
        #expect(replay.status == 2)
        #expect(
            replay.error
                == "\(foreign.path):7:5: unbuildable: coordinator \"c\": no plugin is registered for Elsewhere\n")
    }

    @Test("bridge migrate reports a mapping per legacy coordinator and writes Swift skeletons")
    func migrate() throws {
        let file = try checkoutSnapshot()
        let skeletons = file.deletingLastPathComponent().appendingPathComponent("Migrated.swift")
        let migrate = try bridgeRun(["migrate", file.path, "--swift", skeletons.path])
        #expect(migrate.status == 0)
        #expect(migrate.output.hasPrefix("ShopCoordinator -> ShopFlow: navigation coordinator\n"))
        let swift = try String(contentsOf: skeletons, encoding: .utf8)
        #expect(swift.contains("final class ShopFlow: NavigationCoordinator<Void> {"))
    }

    @Test("X4: validate --also-libxml2 lists libxml2's schema problems beside the package's, at the same verdict")
    func alsoLibxml2() throws {
        let file = try temporaryFile(
            "<bridge-snapshot version=\"4\">\n<windows><window id=\"w\" key=\"maybe\" visible=\"true\"/></windows>\n<controllers/><hosts/><coordinators/></bridge-snapshot>",
            name: "bad-key.xml")
        let streaming = try bridgeRun(["validate", file.path])
        let both = try bridgeRun(["validate", "--also-libxml2", file.path])
        #expect(streaming.status == 2 && both.status == 2)
        #expect(streaming.error.split(separator: "\n").count == 1, "\(streaming.error)")
        #expect(
            both.error.contains("not a boolean") && both.error.contains("atomic type 'xs:boolean'"), "\(both.error)")
    }

    @Test("Files that cannot be written are named with the system's reason; each problem of a file is one line")
    func fileProblemsInPlainWords() throws {
        let directory = try temporaryFile("", name: "empty.xml").deletingLastPathComponent()
        let intoFolder = try bridgeRun(["snapshot", "-o", directory.path])
        #expect(intoFolder.status == 2)
        #expect(intoFolder.error == "\(directory.path): cannot write the file: Is a directory\n")
        let nowhere = directory.appendingPathComponent("no/such/folder/shop.xml").path
        let missing = try bridgeRun(["snapshot", "-o", nowhere])
        #expect(missing.error == "\(nowhere): cannot write the file: No such file or directory\n")

        let latin1 = directory.appendingPathComponent("latin1.xml")
        try Data("<a>caf".utf8 + [0xE9] + "</a>".utf8).write(to: latin1)
        let result = try bridgeRun(["validate", latin1.path])
        #expect(result.status == 2)
        let lines = result.error.split(separator: "\n")
        // libxml2 prints the bad bytes on a line of their own; the problem stays one line (the parser stops at
        // the encoding error before the root element reaches the schema check, as xmllint does).
        #expect(lines.count == 1, "one problem, on one line:\n\(result.error)")
        #expect(lines.allSatisfy { $0.hasPrefix(latin1.path) })
        #expect(lines.contains { $0.contains("malformed: Input is not proper UTF-8") && $0.contains("Bytes: 0xE9") })
    }

    @Test("Help on an 80-column terminal keeps its examples and tables as written: nothing is re-wrapped")
    func helpFitsEightyColumns() throws {
        /// The text between the overview and the usage line, where the examples and tables are.
        func discussion(_ command: [String], columns: Int) throws -> [Substring] {
            let help = try bridgeRun(command + ["--help"], environment: ["COLUMNS": "\(columns)"]).output
            let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
            let start = try #require(lines.firstIndex(of: ""))
            let end = try #require(lines.firstIndex { $0.hasPrefix("USAGE:") })
            return Array(lines[start..<end])
        }
        for command in [[], ["demo"], ["snapshot"], ["validate"], ["diff"], ["render"], ["replay"], ["migrate"]] {
            let narrow = try discussion(command, columns: 80)
            #expect(narrow.count > 2, "bridge \(command) --help has a discussion")
            #expect(
                narrow == (try discussion(command, columns: 500)),
                "bridge \(command) --help is re-wrapped at 80 columns")
        }
    }

    @Test("--help shows examples and exit codes; wrong arguments and unreadable files exit 2 with what to do")
    func helpAndErrors() throws {
        let help = try bridgeRun(["--help"])
        #expect(help.status == 0)
        #expect(
            help.output.contains("Examples:") && help.output.contains("Exit codes: 0 success; 1 the snapshots differ"))
        for command in ["demo", "snapshot", "validate", "diff", "render", "replay", "migrate"] {
            let sub = try bridgeRun([command, "--help"])
            #expect(sub.status == 0 && sub.output.contains("Example"), "\(command) --help")
        }
        let missing = try bridgeRun(["render"])
        #expect(missing.status == 2 && missing.error.contains("Missing expected argument"))
        let format = try bridgeRun(["render", "x.xml", "--format", "png"])
        #expect(format.status == 2)
        let unreadable = try bridgeRun(["validate", "/nonexistent/shop.xml"])
        #expect(
            unreadable.status == 2 && unreadable.error.contains("cannot read the file")
                && unreadable.error.contains("Check the path"))
        let garbage = try temporaryFile("not xml")
        let invalid = try bridgeRun(["render", garbage.path])
        #expect(invalid.status == 2 && invalid.error.contains("bridge validate"))
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
