import ArgumentParser
import BridgeSnapshot
import BridgeTools
import CoordinatorBridge
import Foundation
import SimUIKit

struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Imports a snapshot and applies a script of user events, printing or writing the snapshot after each step.",
        discussion: """
            Example: bridge replay shop.xml journey.txt -o steps/
            (steps/step-000.xml is the import, then one file per event)

            The script has one event per line ('#' starts a comment); ids are the
            snapshot's:
              back NAVIGATION                   the user taps Back
              pop NAVIGATION finish|cancel [P]  an interactive pop, let go at P (0…1)
              swipe CONTROLLER [cancel P]       the sheet holding CONTROLLER is
                                                swiped down (or let go at P)
              tab TABBAR INDEX                  the user taps a tab (counted from 0)
              finish CONTROLLER                 the coordinator of the frame showing
                                                CONTROLLER finishes
              dismiss CONTROLLER                that coordinator calls dismiss()
              wait [SECONDS]                    time passes; plain 'wait' runs all

            Every event is followed by the clock running until nothing is pending,
            unless the first line is 'time manual'. A step UIKit refuses stops the
            replay: exit 2 with FILE:LINE: message.
            """
    )

    @Argument(help: "The snapshot to start from.")
    var snapshot: String

    @Argument(help: "The script of user events.")
    var script: String

    @Option(name: .shortAndLong, help: "Write step-NNN.xml files into this directory instead of printing.")
    var output: String?

    func run() throws {
        let journey = try readJourney()
        if let output {
            do {
                try OutputFile.makeDirectory(output)
            } catch {
                fail("\(output): \(error.message)")
                throw ExitCode(2)
            }
        }
        try MainActor.assumeIsolated {
            let registry = standardRegistry()
            let live = try importLive(registry: registry)
            live.windows.first?.makeKeyAndVisible()
            @MainActor func emit(_ number: Int, _ caption: String) throws {
                let state = BridgeSnapshot.export(live.windows, registry: registry)
                if let output {
                    try write(
                        state, to: (output as NSString).appendingPathComponent(String(format: "step-%03d.xml", number)))
                } else {
                    print("<!-- step \(number): \(caption) -->")
                    print(state, terminator: "")
                }
            }
            try emit(0, "imported \(snapshot)")
            let steps = try replay(journey, on: live.windows) { number, step in
                try emit(number, "line \(step.line): \(step.text)")
            }
            if let output { print("\(steps + 1) snapshots written to \(output)") }
        }
    }

    private func readJourney() throws -> JourneyScript {
        let text = String(decoding: try readFile(script, limit: JourneyScript.maxBytes), as: UTF8.self)
        do {
            return try JourneyScript(text)
        } catch {
            for problem in error.problems { fail("\(script):\(problem.line): \(problem.message)") }
            throw ExitCode(2)
        }
    }

    /// Imports the snapshot file; a document that is invalid or cannot be rebuilt ends the replay with each
    /// problem at its line and column.
    @MainActor
    private func importLive(registry: BridgeRegistry) throws -> BridgeRebuilder.Live {
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(snapshot, limit: SnapshotLimits().maxBytes)
        } catch {
            fail("\(snapshot): \(error.message)")
            throw ExitCode(2)
        }
        do {
            return try BridgeSnapshot.importLive(
                String(decoding: bytes, as: UTF8.self), rebuilder: BridgeRebuilder(registry: registry))
        } catch {
            for issue in error.issues { fail("\(snapshot):\(issue)") }
            if error.issues.contains(where: { $0.kind != .unbuildable }) { fail(invalidSnapshotHint(snapshot)) }
            throw ExitCode(2)
        }
    }

    /// Runs the journey's steps, calling `afterStep` with each step's number; returns how many ran. A step
    /// UIKit refuses, warns about or would raise on ends the replay with exit code 2.
    @MainActor
    private func replay(
        _ journey: JourneyScript, on windows: [UIWindow], afterStep: (Int, JourneyScript.Step) throws -> Void
    ) throws -> Int {
        var number = 0
        var warnings: [SimWarning] = []
        var exceptions: [SimException] = []
        do {
            exceptions = try SimExceptions.capture {
                warnings = try SimWarnings.capture {
                    try journey.run(on: windows) { step in
                        number += 1
                        try afterStep(number, step)
                    }
                }
            }
        } catch let error as JourneyScriptError {
            for problem in error.problems { fail("\(script):\(problem.line): \(problem.message)") }
            throw ExitCode(2)
        }
        for warning in warnings { fail("warning: UIKit would print: \(warning.message)") }
        guard exceptions.isEmpty else {
            for exception in exceptions {
                fail("\(script): after step \(number), UIKit would raise \(exception.name): \(exception.reason)")
            }
            throw ExitCode(2)
        }
        return number
    }
}
