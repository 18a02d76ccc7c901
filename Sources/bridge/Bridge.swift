import ArgumentParser
import BridgeSnapshot
import BridgeTools
import CoordinatorBridge
import Foundation
import InsecurityClassic
import ResponderCoordinator
import RouteCoordinator
import SimUIKit

/// Exit codes: 0 success, 1 differences (diff) or a failed demo, 2 bad input (unreadable or invalid files,
/// bad scripts, wrong arguments).
@main
struct Bridge: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bridge",
        abstract: "Runs, renders and checks coordinator navigation on a simulated UIKit.",
        discussion: """
            Examples:
              bridge                          tell the product's story (the demo)
              bridge snapshot -o shop.xml     write the checkout scene's snapshot
              bridge render shop.xml --format dot | dot -Tsvg > shop.svg
              bridge replay shop.xml journey.txt -o steps/
              bridge diff steps/step-000.xml steps/step-002.xml
              bridge validate Snapshots/
              bridge migrate shop.xml --swift Migrated.swift

            Exit codes: 0 success; 1 the snapshots differ (diff); 2 bad input (a
            file that cannot be read or is not a valid snapshot, a script error,
            wrong arguments).
            """,
        version: "bridge \(CoordinatorBridgeVersion.current) (snapshot format \(SnapshotSchema.version))",
        subcommands: [Demo.self, Snapshot.self, Validate.self, Diff.self, Render.self, Replay.self, Migrate.self],
        defaultSubcommand: Demo.self
    )

    /// Like `ParsableCommand.main()`, with wrong arguments exiting 2 (bad input) instead of 64, and a word
    /// that is no command named as such (instead of being read as an argument of the default command).
    static func main() {
        let commands = configuration.subcommands.map { $0._commandName }
        if let word = CommandLine.arguments.dropFirst().first, !word.hasPrefix("-"), !commands.contains(word) {
            FileHandle.standardError.write(
                Data(
                    "bridge: '\(word)' is not a command. Commands: \(commands.joined(separator: ", ")); see 'bridge --help'.\n"
                        .utf8))
            Foundation.exit(2)
        }
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}

struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Tells the product's story: a legacy tree, an embedded Insecurity chain, gestures, the snapshot round trip (the default).",
        discussion: """
            Example: bridge demo | less -R
            Colour on a terminal; plain when piped, with NO_COLOR set or TERM=dumb.
            """
    )

    func run() throws {
        try MainActor.assumeIsolated {
            do {
                try DemoStory.tell(colour: Terminal.wantsColour)
            } catch ExitCodeError.failure {
                throw ExitCode(1)
            }
        }
    }
}

struct Snapshot: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Writes the built-in demo's snapshot (not your app's): its shop during checkout.",
        discussion: """
            Example: bridge snapshot -o shop.xml

            The demo's shop has legacy coordinators and an Insecurity chain. To take a
            snapshot of your own app, call BridgeSnapshot.export([window], registry:)
            in a test or a debug build and write the string to a file; validate,
            diff, render and replay then take that file.
            """
    )

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output.")
    var output: String?

    func run() throws {
        let xml = MainActor.assumeIsolated { DemoScene.checkoutSnapshot() }
        try write(xml, to: output)
    }
}

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Checks snapshots against the schema and the format's rules; prints every problem with its position.",
        discussion: """
            Examples:
              bridge validate shop.xml          shop.xml: valid (format version 4)
              bridge validate Snapshots/ a.xml  a summary line for them all

            Folders are searched for .xml files; hidden entries are left out, and
            entries that are not regular .xml files are named as skipped. Problems
            go to standard error as FILE:line:column: kind: message, at most
            --max-per-file for each file and --max-problems in all; how many were
            left out is said.
            Exit 0 when every snapshot is valid, 2 when one is not, or when no
            snapshot was found (a wrong path in a CI step does not pass).
            """
    )

    @Argument(help: "Snapshot files, or folders searched recursively for .xml files.")
    var paths: [String]

    @Option(help: "The most problems printed for one file.")
    var maxPerFile = 20

    @Option(help: "The most problems printed in all.")
    var maxProblems = 200

    @Flag(help: "Also run libxml2's schema validator (slower), and print its problems beside the package's.")
    var alsoLibxml2 = false

    func validate() throws {
        if paths.isEmpty { throw ValidationError("Give a snapshot file or a folder of snapshots.") }
        if maxPerFile < 1 || maxProblems < 1 { throw ValidationError("The problem limits must be at least 1.") }
    }

    func run() throws {
        let found = SnapshotFiles(paths)
        for line in found.skipped { fail(line) }
        guard !found.files.isEmpty else {
            fail("bridge validate: no snapshot found in \(paths.joined(separator: ", ")): nothing was checked.")
            throw ExitCode(2)
        }
        let results = readSnapshotFiles(found.files.map(\.path)) { bytes throws(SnapshotError) in
            try BridgeSnapshot.validate(bytes, validation: alsoLibxml2 ? .streamingAndLibxml2 : .streaming)
        }
        var failed = 0
        var printed = 0
        var leftOut = 0
        for (file, result) in zip(found.files, results) {
            let shown = result.problems.prefix(min(maxPerFile, max(0, maxProblems - printed)))
            for problem in shown { fail(problem) }
            printed += shown.count
            if shown.count < result.problems.count {
                leftOut += result.problems.count - shown.count
                fail("\(file.path): \(count(result.problems.count - shown.count, "more problem")) not shown")
            }
            guard let version = result.value else {
                failed += 1
                continue
            }
            if results.count == 1 { print("\(file.path): valid (format version \(version))") }
        }
        if paths.count > 1 || SnapshotFiles.isFolder(paths[0]) {
            print(
                "\(count(found.files.count, "snapshot")): \(found.files.count - failed) valid, \(failed) invalid or unreadable"
                    + (found.skipped.isEmpty ? "" : "; \(count(found.skipped.count, "entry", "entries")) skipped")
                    + (leftOut == 0 ? "" : "; \(count(leftOut, "problem")) not shown"))
        }
        if failed > 0 { throw ExitCode(2) }
    }
}

struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Prints the structural differences between two snapshots, or two folders of them; exits 1 when they differ.",
        discussion: """
            Examples:
              bridge diff before.xml after.xml  + added, - removed, ~ changed, by id
              bridge diff old/ new/             the same for files paired by path

            Exit 0 when nothing differs, 1 when something does, 2 when a snapshot
            cannot be read.
            """
    )

    @Argument(help: "The old snapshot, or a folder of them.")
    var old: String

    @Argument(help: "The new snapshot, or a folder of them.")
    var new: String

    func run() throws {
        switch (SnapshotFiles.isFolder(old), SnapshotFiles.isFolder(new)) {
        case (false, false):
            let differences = BridgeSnapshot.diff(try readSnapshot(old), try readSnapshot(new))
            guard !differences.isEmpty else {
                print("no differences")
                return
            }
            for difference in differences { print(difference) }
            throw ExitCode(1)
        case (true, true):
            try diffFolders()
        default:
            fail(
                "bridge diff: give two snapshot files or two folders; \(SnapshotFiles.isFolder(old) ? old : new) is a folder."
            )
            throw ExitCode(2)
        }
    }

    /// Pairs the folders' snapshots by relative path and prints added, removed and changed files.
    private func diffFolders() throws {
        let before = SnapshotFiles([old])
        let after = SnapshotFiles([new])
        for line in before.skipped + after.skipped { fail(line) }
        let files = before.files + after.files
        let trees = readSnapshotFiles(files.map(\.path)) { bytes throws(SnapshotError) in
            try BridgeSnapshot.parse(bytes)
        }
        var read: [String: BridgedTree] = [:]
        var unreadable = 0
        for (file, result) in zip(files, trees) {
            for problem in result.problems { fail(problem) }
            read[file.path] = result.value
            if result.value == nil { unreadable += 1 }
        }
        let oldByPath = Dictionary(uniqueKeysWithValues: before.files.map { ($0.relativePath, $0.path) })
        let newByPath = Dictionary(uniqueKeysWithValues: after.files.map { ($0.relativePath, $0.path) })
        var counts = (changed: 0, added: 0, removed: 0, unchanged: 0)
        for relative in Set(oldByPath.keys).union(newByPath.keys).sorted() {
            switch (oldByPath[relative], newByPath[relative]) {
            case (nil, _):
                counts.added += 1
                print("+ \(relative)")
            case (_, nil):
                counts.removed += 1
                print("- \(relative)")
            case (let oldPath?, let newPath?):
                guard let oldTree = read[oldPath], let newTree = read[newPath] else { continue }
                let differences = BridgeSnapshot.diff(oldTree, newTree)
                if differences.isEmpty {
                    counts.unchanged += 1
                } else {
                    counts.changed += 1
                    print("~ \(relative)")
                    for difference in differences { print("    \(difference)") }
                }
            }
        }
        print(
            "\(counts.changed) changed, \(counts.added) added, \(counts.removed) removed, \(counts.unchanged) unchanged"
                + (unreadable > 0 ? "; \(count(unreadable, "snapshot")) not read" : ""))
        if unreadable > 0 { throw ExitCode(2) }
        if counts.changed + counts.added + counts.removed > 0 { throw ExitCode(1) }
    }
}

/// "1 snapshot", "2 snapshots".
func count(_ number: Int, _ singular: String, _ plural: String? = nil) -> String {
    "\(number) \(number == 1 ? singular : plural ?? singular + "s")"
}

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draws a snapshot: an indented text tree, a Graphviz graph or a Mermaid flowchart.",
        discussion: """
            Examples:
              bridge render shop.xml
              bridge render shop.xml --format dot | dot -Tsvg > shop.svg
              bridge render shop.xml --format mermaid > shop.mmd

            In the graphs, windows are clusters, controllers boxes (containers
            filled), presentations dashed, hosts hexagons with one edge per frame,
            coordinators rounded and coloured by framework.
            """
    )

    @Argument(help: "The snapshot file.")
    var file: String

    @Option(help: "text, dot or mermaid.")
    var format: BridgedTreeFormat = .text

    func run() throws {
        print(try readSnapshot(file).rendered(as: format), terminator: format == .text ? "\n" : "")
    }
}

extension BridgedTreeFormat: ExpressibleByArgument {}

struct Migrate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Maps each UIResponder-style or route coordinator of a snapshot to an Insecurity coordinator and writes Swift skeletons.",
        discussion: """
            Example: bridge migrate shop.xml --swift Migrated.swift
            The report goes to standard output. A snapshot without such coordinators
            has nothing to migrate: exit 0, and no Swift is written.
            """
    )

    @Argument(help: "A snapshot of the legacy tree (with ResponderCoordinator coordinators).")
    var snapshot: String

    @Option(help: "Write the Swift skeletons to this file (else they follow the report).")
    var swift: String?

    func run() throws {
        let plan = MigrationPlan(try readSnapshot(snapshot))
        print(plan.report, terminator: "")
        // Nothing to migrate writes nothing: no header-only skeleton file.
        guard !plan.entries.isEmpty else { return }
        if let swift {
            try write(plan.swiftSkeletons, to: swift)
            print("Swift skeletons written to \(swift)")
        } else {
            print()
            print(plan.swiftSkeletons, terminator: "")
        }
    }
}

// MARK: Files and errors

@MainActor
func standardRegistry() -> BridgeRegistry {
    BridgeRegistry([ResponderCoordinatorPlugin.shared, InsecurityClassicPlugin(), RouteCoordinatorPlugin()])
}

func fail(_ message: String) {
    FileHandle.standardError.write(Data("\(message)\n".utf8))
}

/// The bytes of `path`, a regular file of at most `limit` bytes (a snapshot's limit by default); anything
/// else (missing, empty, too large, a directory, a FIFO, a device) ends the command with exit code 2.
func readFile(_ path: String, limit: Int = SnapshotLimits().maxBytes) throws -> [UInt8] {
    do {
        return try InputFile.read(path, limit: limit)
    } catch {
        fail("\(path): \(error.message)")
        throw ExitCode(2)
    }
}

/// Reads and checks a snapshot file; problems go to standard error as `file:line:column: kind: message`
/// and end the command with exit code 2.
func readSnapshot(_ path: String) throws -> BridgedTree {
    switch readSnapshotFile(path, { bytes throws(SnapshotError) in try BridgeSnapshot.parse(bytes) }) {
    case .read(let tree):
        return tree
    case .unreadable(let problem):
        fail(problem)
        throw ExitCode(2)
    case .invalid(let problems):
        for problem in problems { fail(problem) }
        fail(invalidSnapshotHint(path))
        throw ExitCode(2)
    }
}

/// What to do about the invalid snapshot at `path`.
func invalidSnapshotHint(_ path: String) -> String {
    "\(path): not a valid snapshot; `bridge validate \(path)` lists the problems, `bridge snapshot` writes an example."
}

/// Writes `text` to `path`, or to standard output when `path` is nil.
func write(_ text: String, to path: String?) throws {
    guard let path else {
        print(text, terminator: "")
        return
    }
    do {
        try OutputFile.write(text, to: path)
    } catch {
        fail("\(path): \(error.message)")
        throw ExitCode(2)
    }
}
