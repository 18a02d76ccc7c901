import BridgeSnapshot
import CoordinatorBridge
import InsecurityClassic
import ResponderCoordinator
import SimUIKit

/// Feeds arbitrary bytes to the live importer: it must build new windows or throw a `SnapshotError`,
/// never crash, and whatever it builds must export to the canonical form of the input (X3).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImport(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    MainActor.assumeIsolated {
        let registry = BridgeRegistry([ResponderCoordinatorPlugin.shared, InsecurityClassicPlugin()])
        guard let canonical = try? BridgeSnapshot.canonical(text),
            let live = try? BridgeSnapshot.importLive(text, rebuilder: BridgeRebuilder(registry: registry))
        else { return }
        let exported = BridgeSnapshot.export(live.windows, registry: registry)
        guard exported == canonical else {
            fatalError("an imported snapshot did not export to its canonical form:\n\(canonical)\n---\n\(exported)")
        }
        for window in live.windows { window.rootViewController = nil }
        SimRunLoop.main.runUntilIdle()
    }
    return 0
}
