// swift-tools-version: 6.2
import PackageDescription

/// A suite halfway through seed 001's migration: XCTest and Swift Testing side by side in one
/// module, and a module still all XCTest. It records the fixtures LivingSpecTests read
/// (scripts/record-spec-fixture) and is run live by `pyramid spec`'s tests. No dependencies,
/// so it builds in seconds.
let package = Package(
    name: "MixedPackage",
    targets: [
        .testTarget(name: "LoginTests"),
        .testTarget(name: "LegacyTests"),
    ]
)
