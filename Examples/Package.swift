// swift-tools-version: 6.2
import PackageDescription

/// The seed articles' examples, tested with swift-pyramid:
/// - ExampleScreensTests: the seed screens (the root package's ExampleScreens) as HTML,
///   snapshot-tested across the full matrix in real Chromium. `swift test` verifies the
///   committed references; `SNAPSHOT_TESTING_RECORD=all swift test` records them again.
/// - RegisterFeatureTests: seed 001's RegisterOrganizationViewModel, tested Given/When/Then
///   with mocks PyramidMocksPlugin generates at build time from RegisterFeature.
let package = Package(
    name: "swift-pyramid-examples",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [
        .package(name: "swift-pyramid", path: ".."),
    ],
    targets: [
        .target(name: "RegisterFeature", swiftSettings: [.treatAllWarnings(as: .error)]),
        .testTarget(
            name: "RegisterFeatureTests",
            dependencies: ["RegisterFeature"],
            swiftSettings: [.treatAllWarnings(as: .error)],
            plugins: [.plugin(name: "PyramidMocksPlugin", package: "swift-pyramid")]
        ),
        .testTarget(
            name: "ExampleScreensTests",
            dependencies: [
                .product(name: "ExampleScreens", package: "swift-pyramid"),
                .product(name: "VisualTesting", package: "swift-pyramid"),
                .product(name: "ChromiumRenderer", package: "swift-pyramid"),
            ],
            exclude: ["__Snapshots__"],
            swiftSettings: [.treatAllWarnings(as: .error)]
        ),
    ]
)
