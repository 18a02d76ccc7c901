// swift-tools-version: 6.1
import PackageDescription

// Benchmarks live in their own package so that `swift test` and CI never build them.
// Run: swift run -c release --package-path Benchmarks EngineBenchmarks
let package = Package(
    name: "Benchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/google/swift-benchmark", from: "0.1.2"),
    ],
    targets: [
        .executableTarget(
            name: "EngineBenchmarks",
            dependencies: [
                .product(name: "Insecurity", package: "main"),
                .product(name: "SimUIKit", package: "main"),
                .product(name: "Benchmark", package: "swift-benchmark"),
            ]
        )
    ]
)
