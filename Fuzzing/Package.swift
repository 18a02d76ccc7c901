// swift-tools-version: 6.1
import PackageDescription

// A libFuzzer target for the snapshot parser, in its own package so that CI never builds it.
// Build: swift build -c debug --sanitize=fuzzer --sanitize=address --package-path Fuzzing --product SnapshotFuzzer
// Run:   Fuzzing/.build/debug/SnapshotFuzzer Fuzzing/corpus -max_total_time=60
let package = Package(
    name: "Fuzzing",
    platforms: [.macOS(.v14)],
    dependencies: [.package(path: "..")],
    targets: [
        .executableTarget(
            name: "SnapshotFuzzer",
            dependencies: [.product(name: "BridgeSnapshot", package: "main")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        )
    ]
)
