// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "CoordinatorBridge",
    platforms: [.macOS("15.4")],
    products: [
        .library(name: "SimUIKit", targets: ["SimUIKit"]),
        .library(name: "Insecurity", targets: ["Insecurity"]),
        .library(name: "CoordinatorBridge", targets: ["CoordinatorBridge"]),
        .library(name: "ResponderCoordinator", targets: ["ResponderCoordinator"]),
        .library(name: "InsecurityClassic", targets: ["InsecurityClassic"]),
        .library(name: "RouteCoordinator", targets: ["RouteCoordinator"]),
        .library(name: "BridgeSnapshot", targets: ["BridgeSnapshot"]),
        .library(name: "BridgeSnapshotTesting", targets: ["BridgeSnapshotTesting"]),
        .library(name: "SimulationTesting", targets: ["SimulationTesting"]),
        .executable(name: "bridge", targets: ["bridge"]),
    ],
    traits: [
        .trait(
            name: "SnapshotTesting",
            description: """
                BridgeSnapshotTesting's `.bridgeXML` strategy for swift-snapshot-testing. A package that does not use it \
                can depend on this one with `traits: []` and then resolves neither swift-snapshot-testing nor the \
                swift-syntax it brings.
                """
        ),
        .default(enabledTraits: ["SnapshotTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .target(
            name: "SimUIKit",
            dependencies: [
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HeapModule", package: "swift-collections"),
            ]
        ),
        .target(
            name: "Insecurity",
            dependencies: [
                "SimUIKit",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "DequeModule", package: "swift-collections"),
            ],
            // Debug builds check the engine's structure inside every operation that changes it.
            swiftSettings: [.define("INSECURITY_CHECKS", .when(configuration: .debug))]
        ),
        .target(name: "CoordinatorBridge", dependencies: ["SimUIKit", "Insecurity"]),
        .target(name: "SimulationTesting", dependencies: ["SimUIKit", "Insecurity"]),
        .target(
            name: "ResponderCoordinator",
            dependencies: ["SimUIKit", "Insecurity", "CoordinatorBridge"],
            path: "Adapters/ResponderCoordinator"
        ),
        .target(
            name: "InsecurityClassic",
            dependencies: ["SimUIKit", "Insecurity", "CoordinatorBridge"],
            path: "Adapters/InsecurityClassic"
        ),
        .target(
            name: "RouteCoordinator",
            dependencies: ["SimUIKit", "Insecurity", "CoordinatorBridge"],
            path: "Adapters/RouteCoordinator"
        ),
        // Linux: Debian's libxml2-dev. macOS: Homebrew's libxml2, whose pkg-config file gives the header path
        // (the SDK's copy has no pkg-config file, and its headers include each other by a path SwiftPM cannot add).
        .systemLibrary(
            name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]),
        .target(
            name: "BridgeSnapshot",
            dependencies: ["CLibXML2", "CoordinatorBridge", "Insecurity", "SimUIKit"],
            resources: [.copy("Resources/bridge-snapshot-5.xsd")]
        ),
        .target(
            name: "BridgeSnapshotTesting",
            dependencies: [
                "BridgeSnapshot", "CoordinatorBridge", "SimUIKit",
                .product(
                    name: "SnapshotTesting", package: "swift-snapshot-testing",
                    condition: .when(traits: ["SnapshotTesting"])),
            ]
        ),
        .target(
            name: "BridgeTools",
            dependencies: ["BridgeSnapshot", "CoordinatorBridge", "Insecurity", "SimUIKit"]
        ),
        .executableTarget(
            name: "bridge",
            dependencies: [
                "BridgeTools",
                "SimUIKit",
                "Insecurity",
                "CoordinatorBridge",
                "BridgeSnapshot",
                "ResponderCoordinator",
                "InsecurityClassic",
                "RouteCoordinator",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "LegacyMigration",
            dependencies: ["SimUIKit", "Insecurity", "CoordinatorBridge", "ResponderCoordinator"],
            path: "Examples/LegacyMigration"
        ),
        .executableTarget(
            name: "LegacyShop",
            dependencies: ["SimUIKit", "Insecurity", "CoordinatorBridge", "BridgeSnapshot", "ResponderCoordinator"],
            path: "Examples/LegacyShop"
        ),
        .target(name: "RouteNewsApp", dependencies: ["RouteCoordinator"], path: "Examples/RouteNews/App"),
        .executableTarget(
            name: "RouteNews",
            dependencies: ["RouteNewsApp", "RouteCoordinator", "BridgeSnapshot", "CoordinatorBridge"],
            path: "Examples/RouteNews/Run"
        ),
        .executableTarget(
            name: "EmbeddedPayment",
            dependencies: ["SimUIKit", "Insecurity", "CoordinatorBridge"],
            path: "Examples/EmbeddedPayment"
        ),
        .target(
            name: "TestSupport",
            dependencies: ["Insecurity", "SimUIKit", .product(name: "PropertyBased", package: "swift-property-based")],
            path: "Tests/TestSupport"),
        .testTarget(name: "SimUIKitTests", dependencies: ["SimulationTesting", "SimUIKit", "TestSupport"]),
        .testTarget(
            name: "InsecurityTests",
            dependencies: [
                "SimulationTesting", "TestSupport", "Insecurity", "SimUIKit",
                .product(name: "PropertyBased", package: "swift-property-based"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "CoordinatorBridgeTests",
            dependencies: [
                "SimulationTesting", "TestSupport", "CoordinatorBridge", "ResponderCoordinator", "InsecurityClassic",
                "Insecurity", "SimUIKit",
            ]),
        .testTarget(
            name: "ResponderCoordinatorTests",
            dependencies: [
                "SimulationTesting", "TestSupport", "ResponderCoordinator", "InsecurityClassic", "RouteCoordinator",
                "CoordinatorBridge", "BridgeSnapshot", "Insecurity", "SimUIKit",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "InsecurityClassicTests",
            dependencies: ["SimulationTesting", "InsecurityClassic", "Insecurity", "SimUIKit"]),
        .testTarget(
            name: "DocumentationTests",
            dependencies: [
                "SimulationTesting", "SimUIKit", "Insecurity", "CoordinatorBridge", "ResponderCoordinator",
                "InsecurityClassic", "BridgeSnapshot", "BridgeSnapshotTesting", "BridgeTools", "RouteCoordinator",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            exclude: ["Snippets/__Snapshots__"]
        ),
        .testTarget(
            name: "RouteCoordinatorTests",
            dependencies: [
                "RouteCoordinator", "SimulationTesting", "TestSupport", "CoordinatorBridge", "BridgeSnapshot",
                "BridgeTools", "ResponderCoordinator", "RouteNewsApp", "Insecurity", "SimUIKit",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        // Swift 5 code, as XCoordinator apps are: the adapter must compile with it unchanged (A12).
        .testTarget(
            name: "RouteCoordinatorSwift5Tests",
            dependencies: ["RouteCoordinator", "SimulationTesting"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .testTarget(name: "BridgeCommandLineTests", dependencies: ["TestSupport"]),
        .testTarget(
            name: "RewrittenMessagesTests",
            dependencies: ["ResponderCoordinator", "SimulationTesting", "Insecurity", "SimUIKit"]
        ),
        .testTarget(
            name: "BridgeToolsTests",
            dependencies: [
                "BridgeTools", "BridgeSnapshot", "CoordinatorBridge", "Insecurity", "SimUIKit", "SimulationTesting",
            ]
        ),
        .testTarget(
            name: "BridgeSnapshotTests",
            dependencies: [
                "SimulationTesting", "TestSupport",
                "BridgeSnapshot", "BridgeSnapshotTesting", "CoordinatorBridge", "ResponderCoordinator",
                "InsecurityClassic",
                "Insecurity", "SimUIKit",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            exclude: ["__Snapshots__", "FuzzRegressions", "FormatVersion1", "FormatVersion2", "FormatVersion3", "FormatVersion4"]
        ),
    ]
)
