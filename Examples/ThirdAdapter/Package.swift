// swift-tools-version: 6.2
// A third coordinator framework's adapter, written as an outside author would: a package of its own that
// depends on CoordinatorBridge like any other, so it can use the public API and the `Adapters` SPI only
// (nothing `package`, nothing `@testable`). CI builds and tests it (scripts/integration-example).
import PackageDescription

let package = Package(
    name: "ThirdAdapter",
    platforms: [.macOS("15.4")],
    products: [.library(name: "RouterAdapter", targets: ["RouterAdapter"])],
    dependencies: [.package(path: "../..")],
    targets: [
        .target(
            name: "RouterAdapter",
            dependencies: [
                .product(name: "SimUIKit", package: "CoordinatorBridge"),
                .product(name: "Insecurity", package: "CoordinatorBridge"),
                .product(name: "CoordinatorBridge", package: "CoordinatorBridge"),
            ]
        ),
        .testTarget(
            name: "RouterAdapterTests",
            dependencies: [
                "RouterAdapter",
                .product(name: "SimUIKit", package: "CoordinatorBridge"),
                .product(name: "Insecurity", package: "CoordinatorBridge"),
                .product(name: "CoordinatorBridge", package: "CoordinatorBridge"),
                .product(name: "BridgeSnapshot", package: "CoordinatorBridge"),
                .product(name: "ResponderCoordinator", package: "CoordinatorBridge"),
                .product(name: "SimulationTesting", package: "CoordinatorBridge"),
            ]
        ),
    ]
)
