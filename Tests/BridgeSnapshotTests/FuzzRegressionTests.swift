import BridgeSnapshot
import CoordinatorBridge
import Foundation
import SimUIKit
import SimulationTesting
import Testing

/// Inputs the fuzzers (Fuzzing/) found, kept as regression tests: each either is refused with a
/// `SnapshotError` or imports into live objects that export to its canonical form (X3).
private let findingsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "FuzzRegressions")
private let findings = ((try? FileManager.default.contentsOfDirectory(atPath: findingsDirectory.path)) ?? []).sorted()

@MainActor
@Suite("Fuzzer findings", .cleanSimulatedWorld)
struct FuzzRegressionTests {
    @Test("X3, X6: every fuzzer finding imports faithfully or is refused", arguments: findings)
    func finding(_ name: String) throws {
        let bytes = try Data(contentsOf: findingsDirectory.appendingPathComponent(name))
        let text = String(decoding: bytes, as: UTF8.self)
        guard let canonical = try? BridgeSnapshot.canonical(text) else { return }
        let live = try BridgeSnapshot.importLive(text, rebuilder: BridgeRebuilder(registry: BridgeRegistry(plugins())))
        let exported = export(live.windows)
        if exported != canonical {
            let differences = BridgeSnapshot.diff(
                try BridgeSnapshot.parse(canonical), try BridgeSnapshot.parse(exported))
            Issue.record("import changed the snapshot: \(differences.map(\.description))")
        }
        for window in live.windows { window.rootViewController = nil }
        SimRunLoop.main.runUntilIdle()
    }
}
