// swift-tools-version: 6.2
// A test-first navigation package: only the simulation in its graph, no iOS app yet. Its coordinators are
// Examples/AppIntegration's shared file (a symbolic link), so the same import block is shown compiling in
// both setups; here the engine keeps its own module name, Insecurity, with no aliasing.
import PackageDescription

let package = Package(
    name: "TestFirstNavigation",
    platforms: [.macOS("15.4")],
    dependencies: [.package(path: "../..")],
    targets: [
        .target(
            name: "ShopNavigation",
            dependencies: [
                .product(name: "SimUIKit", package: "CoordinatorBridge"),
                .product(name: "Insecurity", package: "CoordinatorBridge"),
            ]
        ),
        .testTarget(
            name: "CheckoutTests",
            dependencies: [
                "ShopNavigation",
                .product(name: "SimUIKit", package: "CoordinatorBridge"),
                .product(name: "Insecurity", package: "CoordinatorBridge"),
                .product(name: "SimulationTesting", package: "CoordinatorBridge"),
            ]
        ),
    ]
)
