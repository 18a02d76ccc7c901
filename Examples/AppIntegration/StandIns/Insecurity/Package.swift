// swift-tools-version: 6.2
// Stands in for the published Insecurity library, which this repository's CI cannot fetch: a package
// with a module of the same name, so that the example's package graph has the same clash an app's has.
// Only an iOS build would compile it, and none runs here.
import PackageDescription

let package = Package(
    name: "Insecurity",
    platforms: [.iOS(.v16)],
    products: [.library(name: "Insecurity", targets: ["Insecurity"])],
    targets: [.target(name: "Insecurity")]
)
