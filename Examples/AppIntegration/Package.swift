// swift-tools-version: 6.2
// An app's navigation package, laid out as the README's "Bringing your app's code" describes: the
// coordinators in Sources/ShopNavigation are compiled by the iOS app against UIKit and the published
// Insecurity library, and by the tests on Linux or macOS against SimUIKit and this repository's engine.
import PackageDescription

let simulation: [Platform] = [.linux, .macOS]

let package = Package(
    name: "ShopNavigation",
    platforms: [.iOS(.v16), .macOS("15.4")],
    products: [.library(name: "ShopNavigation", targets: ["ShopNavigation"])],
    dependencies: [
        // On iOS, the published Insecurity library. CI cannot fetch it, so a local package with the same
        // module name stands in for it; an app names the real one by URL here.
        .package(path: "StandIns/Insecurity"),
        // Everywhere else, the simulation: this repository. Module aliasing needs the package's identity to
        // be "CoordinatorBridge": a URL ending in CoordinatorBridge, or a clone in a folder of that name.
        .package(path: "../.."),
    ],
    targets: [
        .target(
            name: "ShopNavigation",
            dependencies: [
                .product(name: "Insecurity", package: "Insecurity", condition: .when(platforms: [.iOS])),
                .product(name: "SimUIKit", package: "CoordinatorBridge", condition: .when(platforms: simulation)),
                // Both packages have a module named Insecurity: the simulation's is imported as BridgeInsecurity.
                .product(
                    name: "Insecurity", package: "CoordinatorBridge",
                    moduleAliases: ["Insecurity": "BridgeInsecurity"], condition: .when(platforms: simulation)),
            ]
        ),
        .testTarget(
            name: "ShopNavigationTests",
            dependencies: [
                "ShopNavigation",
                .product(name: "SimUIKit", package: "CoordinatorBridge"),
                .product(
                    name: "Insecurity", package: "CoordinatorBridge", moduleAliases: ["Insecurity": "BridgeInsecurity"]),
                .product(
                    name: "SimulationTesting", package: "CoordinatorBridge",
                    moduleAliases: ["Insecurity": "BridgeInsecurity"]),
            ]
        ),
    ]
)
