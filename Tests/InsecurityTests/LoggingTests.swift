import Foundation
@_spi(Adapters) import Insecurity
import Logging
import SimUIKit
import SimulationTesting
import Synchronization
import Testing

/// A logging system for this test process, as an app would bootstrap one: it records every message and
/// forwards the others to standard error, except the ones `LoggingTests` causes on purpose.
private enum RecordingLogs {
    struct Entry: Sendable {
        let label: String
        let level: Logger.Level
        let message: String
    }

    static let marker = "logging-test-marker"
    static let entries = Mutex<[Entry]>([])

    /// Bootstraps once per process; the package itself never does (the app's choice).
    static let installed: Void = {
        LoggingSystem.bootstrap { label in Handler(label: label, forward: StreamLogHandler.standardError(label: label))
        }
    }()

    struct Handler: LogHandler {
        let label: String
        var forward: StreamLogHandler
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .info

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let text = event.message.description
            guard text.contains(RecordingLogs.marker) else {
                forward.log(event: event)
                return
            }
            RecordingLogs.entries.withLock { $0.append(Entry(label: label, level: event.level, message: text)) }
        }
    }

    static func recorded() -> [Entry] { entries.withLock { $0 } }
}

/// Runs `body` as code outside the test helpers runs: what no capture receives reaches the logging system
/// instead of the boundary `.cleanSimulatedWorld` keeps around each test.
@MainActor
private func outsideTestBoundary(_ body: () -> Void) {
    let diagnostics = InsecurityDiagnostics.endTestBoundary()
    let warnings = SimWarnings.endTestBoundary()
    defer {
        InsecurityDiagnostics.beginTestBoundary()
        SimWarnings.beginTestBoundary()
    }
    #expect(diagnostics.isEmpty && warnings.isEmpty)
    body()
}

/// The suite runs in the simulated world's turn, so that what it reports on purpose does not reach a test
/// running beside it.
@MainActor
@Suite("Logging: what no capture receives goes to the app's logging system", .serialized, .cleanSimulatedWorld)
struct LoggingTests {
    @Test("An uncaptured diagnostic is logged at error level under the label Insecurity; a captured one is not logged")
    func diagnostics() {
        RecordingLogs.installed
        let before = RecordingLogs.recorded().count
        let captured = InsecurityDiagnostics.capture {
            InsecurityDiagnostics.report(.hostTargetReleased, "captured \(RecordingLogs.marker)")
        }
        #expect(captured.count == 1)
        #expect(RecordingLogs.recorded().count == before, "a captured diagnostic is the capturing code's to report")

        outsideTestBoundary { InsecurityDiagnostics.report(.hostTargetReleased, "uncaptured \(RecordingLogs.marker)") }
        let logged = RecordingLogs.recorded().dropFirst(before)
        #expect(logged.count == 1)
        #expect(logged.first?.label == "Insecurity")
        #expect(logged.first?.level == .error)
        #expect(logged.first?.message.contains("[hostTargetReleased] uncaptured") == true)
    }

    @Test("An uncaptured UIKit warning is logged at warning level under the label SimUIKit; a captured one is not")
    func warnings() {
        RecordingLogs.installed
        let before = RecordingLogs.recorded().count
        #expect(SimWarnings.capture { SimWarnings.emit("captured \(RecordingLogs.marker)") }.count == 1)
        #expect(RecordingLogs.recorded().count == before)

        outsideTestBoundary { SimWarnings.emit("uncaptured \(RecordingLogs.marker)") }
        let logged = RecordingLogs.recorded().dropFirst(before)
        #expect(logged.map(\.label) == ["SimUIKit"])
        #expect(logged.map(\.level) == [.warning])
    }

    @Test("The package leaves bootstrapping the logging system to the app")
    func neverBootstraps() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        for folder in ["Sources", "Adapters"] {
            let enumerator = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path)
            while let path = enumerator?.nextObject() as? String {
                guard path.hasSuffix(".swift") else { continue }
                let text = try String(contentsOf: root.appendingPathComponent("\(folder)/\(path)"), encoding: .utf8)
                #expect(!text.contains("LoggingSystem.bootstrap"), "\(folder)/\(path) bootstraps the logging system")
            }
        }
    }
}
