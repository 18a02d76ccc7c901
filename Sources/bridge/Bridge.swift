import ArgumentParser
import BridgeSnapshot
import CoordinatorBridge
import Foundation

@main
struct Bridge: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bridge",
        abstract: "Runs, renders and checks coordinator navigation on a simulated UIKit.",
        subcommands: [Demo.self, Snapshot.self, Validate.self, Diff.self, Render.self],
        defaultSubcommand: Demo.self
    )
}

struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Plays the built-in scene and prints the screen after each step (the default)."
    )

    func run() throws {
        MainActor.assumeIsolated {
            for step in DemoScene.play() {
                print("== \(step.caption)")
                print(step.screen)
                print()
            }
        }
    }
}

struct Snapshot: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Writes the XML snapshot of the built-in checkout scene (legacy coordinators and an Insecurity chain)."
    )

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output.")
    var output: String?

    func run() throws {
        let xml = MainActor.assumeIsolated { DemoScene.checkoutSnapshot() }
        if let output {
            try Data(xml.utf8).write(to: URL(fileURLWithPath: output))
        } else {
            print(xml, terminator: "")
        }
    }
}

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Checks a snapshot against the schema and the format's rules; prints every problem with its position."
    )

    @Argument(help: "The snapshot file.")
    var file: String

    func run() throws {
        _ = try readSnapshot(file)
        print("\(file): valid (format version \(SnapshotSchema.version))")
    }
}

struct Diff: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Prints the structural differences between two snapshots; exits 1 when they differ."
    )

    @Argument(help: "The old snapshot.")
    var old: String

    @Argument(help: "The new snapshot.")
    var new: String

    func run() throws {
        let differences = BridgeSnapshot.diff(try readSnapshot(old), try readSnapshot(new))
        guard !differences.isEmpty else {
            print("no differences")
            return
        }
        for difference in differences { print(difference) }
        throw ExitCode(1)
    }
}

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Prints a snapshot as an indented text tree.")

    @Argument(help: "The snapshot file.")
    var file: String

    func run() throws {
        print(try readSnapshot(file).rendered())
    }
}

/// Reads and checks a snapshot file; problems go to standard error as `file:line:column: kind: message`
/// and end the command with exit code 2.
func readSnapshot(_ path: String) throws -> BridgedTree {
    let bytes: [UInt8]
    do {
        bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    } catch {
        FileHandle.standardError.write(Data("\(path): cannot read the file: \(error.localizedDescription)\n".utf8))
        throw ExitCode(2)
    }
    do {
        return try BridgeSnapshot.parse(bytes)
    } catch {
        for issue in error.issues {
            FileHandle.standardError.write(Data("\(path):\(issue)\n".utf8))
        }
        throw ExitCode(2)
    }
}
