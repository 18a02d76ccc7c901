import BridgeSnapshot

/// Feeds arbitrary bytes to the snapshot parser: it must return a tree or a `SnapshotError`, never crash,
/// and the canonical form of whatever it accepts must be a fixed point (a valid snapshot whose canonical
/// form is itself), which is what X2 and X3 rest on.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let canonical = try? BridgeSnapshot.canonical(text) else { return 0 }
    guard let again = try? BridgeSnapshot.canonical(canonical), again == canonical else {
        fatalError("the canonical form is not a fixed point:\n\(canonical)")
    }
    return 0
}
