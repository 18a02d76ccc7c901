import BridgeSnapshot

/// Feeds arbitrary bytes to the snapshot parser: it must return a tree or a `SnapshotError`, never crash,
/// and whatever it accepts must write back to a snapshot that parses to the same tree.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let tree = try? BridgeSnapshot.parse(bytes) else { return 0 }
    let written = BridgeSnapshot.xml(of: tree)
    guard let again = try? BridgeSnapshot.parse(written), again == tree else {
        fatalError("an accepted snapshot did not survive writing and reading again")
    }
    return 0
}
