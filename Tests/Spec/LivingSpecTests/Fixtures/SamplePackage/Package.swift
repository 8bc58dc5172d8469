// swift-tools-version: 6.2
import PackageDescription

/// A small test suite with every outcome Swift Testing reports, used to record the event
/// stream fixtures LivingSpecTests read (scripts/record-spec-fixture). Not built otherwise.
let package = Package(
    name: "SamplePackage",
    dependencies: [.package(name: "swift-pyramid", path: "../../../../..")],
    targets: [
        .testTarget(name: "SampleTests", dependencies: [.product(name: "Scenario", package: "swift-pyramid")])
    ]
)
