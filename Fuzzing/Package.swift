// swift-tools-version: 6.2
import PackageDescription

// libFuzzer targets, in their own package so that CI never builds them: SnapshotFuzzer (the parser: the
// canonical form is a fixed point), ImportFuzzer (live import, then export compared with the canonical
// form), JourneyFuzzer (journey scripts parsed and run) and SchemaDifferentialFuzzer (the streaming schema
// validator and libxml2's give the same verdict). `scripts/fuzz build` builds them with coverage
// and ASan together (`--sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address`: two `--sanitize` flags do not
// combine) and checks both are in each binary; `scripts/fuzz run TARGET SECONDS` runs one.
let package = Package(
    name: "Fuzzing",
    platforms: [.macOS("15.4")],
    dependencies: [.package(name: "CoordinatorBridge", path: "..")],
    targets: [
        .executableTarget(
            name: "SnapshotFuzzer",
            dependencies: [.product(name: "BridgeSnapshot", package: "CoordinatorBridge")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        .executableTarget(
            name: "ImportFuzzer",
            dependencies: [
                .product(name: "BridgeSnapshot", package: "CoordinatorBridge"),
                .product(name: "CoordinatorBridge", package: "CoordinatorBridge"),
                .product(name: "ResponderCoordinator", package: "CoordinatorBridge"),
                .product(name: "InsecurityClassic", package: "CoordinatorBridge"),
                .product(name: "SimUIKit", package: "CoordinatorBridge"),
            ],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        // BridgeTools is not a product of the package (only `bridge` needs it): the journey fuzzer compiles its
        // sources here, through a symbolic link, as a module of another name.
        .target(
            name: "JourneyTools",
            dependencies: [
                .product(name: "BridgeSnapshot", package: "CoordinatorBridge"),
                .product(name: "CoordinatorBridge", package: "CoordinatorBridge"),
                .product(name: "Insecurity", package: "CoordinatorBridge"),
                .product(name: "SimUIKit", package: "CoordinatorBridge"),
            ],
            exclude: ["Documentation.docc"]
        ),
        .executableTarget(
            name: "JourneyFuzzer",
            dependencies: ["JourneyTools", .product(name: "SimUIKit", package: "CoordinatorBridge")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        .executableTarget(
            name: "SchemaDifferentialFuzzer",
            dependencies: [.product(name: "BridgeSnapshot", package: "CoordinatorBridge")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
    ]
)
