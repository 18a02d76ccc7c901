// swift-tools-version: 6.2
import PackageDescription

// Benchmarks live in their own package so that `swift test` and CI never build them.
// Run: scripts/benchmarks (or swift run -c release --package-path Benchmarks BridgeBenchmarks)
let package = Package(
    name: "Benchmarks",
    platforms: [.macOS("15.4")],
    dependencies: [
        .package(name: "CoordinatorBridge", path: "..")
    ],
    targets: [
        .systemLibrary(
            name: "CBenchLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]),
        .executableTarget(
            name: "BridgeBenchmarks",
            dependencies: [
                "CBenchLibXML2",
                .product(name: "Insecurity", package: "CoordinatorBridge"),
                .product(name: "SimUIKit", package: "CoordinatorBridge"),
                .product(name: "CoordinatorBridge", package: "CoordinatorBridge"),
                .product(name: "BridgeSnapshot", package: "CoordinatorBridge"),
                .product(name: "ResponderCoordinator", package: "CoordinatorBridge"),
            ]
        ),
    ]
)
