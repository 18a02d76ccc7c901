// swift-tools-version: 6.1
import PackageDescription

// libFuzzer targets, in their own package so that CI never builds them:
// SnapshotFuzzer (the parser) and ImportFuzzer (live import, then export compared with the canonical form).
// Build: swift build -c debug --sanitize=fuzzer --sanitize=address --package-path Fuzzing --product SnapshotFuzzer
// Run:   Fuzzing/.build/debug/SnapshotFuzzer Fuzzing/corpus -max_total_time=60
//        Fuzzing/.build/debug/ImportFuzzer Fuzzing/corpus-import -max_total_time=60
let package = Package(
    name: "Fuzzing",
    platforms: [.macOS(.v14)],
    dependencies: [.package(path: "..")],
    targets: [
        .executableTarget(
            name: "SnapshotFuzzer",
            dependencies: [.product(name: "BridgeSnapshot", package: "main")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        .executableTarget(
            name: "ImportFuzzer",
            dependencies: [
                .product(name: "BridgeSnapshot", package: "main"),
                .product(name: "CoordinatorBridge", package: "main"),
                .product(name: "ResponderCoordinator", package: "main"),
                .product(name: "InsecurityClassic", package: "main"),
                .product(name: "SimUIKit", package: "main"),
            ],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
    ]
)
