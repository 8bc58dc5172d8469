// swift-tools-version: 6.0
import PackageDescription

// The package `pyramid mutants` is tested on: a library, unit tests in Swift Testing and
// integration tests in XCTest; an app (`receipt`) that only its UI tests reach, by launching it.
// MUTANT_FIXTURE_FAIL=1 makes one unit test fail without mutants.
let package = Package(
    name: "MutantFixture",
    targets: [
        .target(name: "Units"),
        .target(name: "Pricing", dependencies: ["Units"]),
        .executableTarget(name: "Receipt"),
        .testTarget(name: "PricingTests", dependencies: ["Pricing"]),
        .testTarget(name: "PricingIntegrationTests", dependencies: ["Pricing"]),
        .testTarget(name: "ReceiptUITests"),
    ]
)
