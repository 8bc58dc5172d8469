// swift-tools-version: 6.0
import PackageDescription

// The package `pyramid mutants` is tested on: a library, unit tests in Swift Testing and
// integration tests in XCTest. MUTANT_FIXTURE_FAIL=1 makes one unit test fail without mutants.
let package = Package(
    name: "MutantFixture",
    targets: [
        .target(name: "Pricing"),
        .testTarget(name: "PricingTests", dependencies: ["Pricing"]),
        .testTarget(name: "PricingIntegrationTests", dependencies: ["Pricing"]),
    ]
)
