// swift-tools-version: 6.1
import PackageDescription

// Benchmarks live in their own package so that `swift test` and CI never build them.
// Run: scripts/benchmarks (or swift run -c release --package-path Benchmarks BridgeBenchmarks)
let package = Package(
    name: "Benchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(path: "..")
    ],
    targets: [
        .systemLibrary(name: "CBenchLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .executableTarget(
            name: "BridgeBenchmarks",
            dependencies: [
                "CBenchLibXML2",
                .product(name: "Insecurity", package: "main"),
                .product(name: "SimUIKit", package: "main"),
                .product(name: "CoordinatorBridge", package: "main"),
                .product(name: "BridgeSnapshot", package: "main"),
                .product(name: "ResponderCoordinator", package: "main"),
            ]
        ),
    ]
)
