import BridgeSnapshot
import Foundation

/// `bridge validate DIR` on 1,000 small snapshots against `xmllint --noout --schema` on the same files: both
/// are separate processes, start-up included, and each figure is the best of 3 runs in the same run.
/// The release `bridge` is the one `scripts/benchmarks` builds (`.build/release/bridge` of the package).
func manySnapshotRows() -> [Row] {
    let bridge = URL(fileURLWithPath: ".build/release/bridge")
    guard FileManager.default.isExecutableFile(atPath: bridge.path),
        let xmllint = ["/usr/bin/xmllint", "/usr/local/bin/xmllint"].first(where: FileManager.default.isExecutableFile)
    else {
        print("many snapshots: skipped (needs .build/release/bridge, which scripts/benchmarks builds, and xmllint)")
        return []
    }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bridge-benchmarks-many")
    try? FileManager.default.removeItem(at: directory)
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    var files: [String] = []
    for index in 0..<1_000 {
        // Small trees of 2 to 11 controllers, as teams keep one per screen flow.
        let file = directory.appendingPathComponent(String(format: "flow-%04d.xml", index))
        try? Data(BridgeSnapshot.xml(of: navigationTree(controllers: 2 + index % 10)).utf8).write(to: file)
        files.append(file.path)
    }
    let validate = best(of: 3) { run(bridge.path, ["validate", directory.path]) }
    let anchor = best(of: 3) { run(xmllint, ["--noout", "--schema", SnapshotSchema.url.path] + files) }
    return [
        Row(
            group: "many snapshots", name: "bridge validate DIR, 1,000 files (process)", value: validate,
            anchorName: "xmllint --noout --schema, same files", anchor: anchor, goal: 1.5, unit: .seconds)
    ]
}

/// The shortest wall time of `runs` calls of `body`, in seconds.
private func best(of runs: Int, _ body: @escaping () -> Void) -> Double {
    (0..<runs).map { _ in median(runs: 1, body) }.min()!
}

/// Runs `executable` with `arguments`, its output discarded.
private func run(_ executable: String, _ arguments: [String]) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try? process.run()
    process.waitUntilExit()
}
