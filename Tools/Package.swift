// swift-tools-version: 6.2
// What only maintainers and migrating teams run, in a package of its own so that a package depending on
// CoordinatorBridge never resolves swift-syntax for it: `rewrite-messages` rewrites an app's `@objc`
// responder messages into ResponderCoordinator's typed messages (A4, A9).
//   swift run --package-path Tools rewrite-messages Sources/App/*.swift -o Rewritten
//   swift test --package-path Tools
import PackageDescription

let package = Package(
    name: "CoordinatorBridgeTools",
    platforms: [.macOS("15.4")],
    products: [.executable(name: "rewrite-messages", targets: ["rewrite-messages"])],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
    ],
    targets: [
        .target(
            name: "MessageRewrite",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        .executableTarget(
            name: "rewrite-messages",
            dependencies: ["MessageRewrite", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // Its expected output is the root package's Tests/RewrittenMessagesTests/Rewritten, which the root
        // package compiles and runs against ResponderCoordinator.
        .testTarget(name: "MessageRewriteTests", dependencies: ["MessageRewrite"], exclude: ["Fixtures"]),
    ]
)
