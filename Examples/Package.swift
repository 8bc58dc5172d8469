// swift-tools-version: 6.2
import PackageDescription

/// The seed articles' screens (the root package's ExampleScreens) as HTML, snapshot-tested across the full matrix in
/// real Chromium with swift-pyramid. `swift test` here verifies the committed
/// references; `SNAPSHOT_TESTING_RECORD=all swift test` records them again.
let package = Package(
    name: "swift-pyramid-examples",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [
        .package(name: "swift-pyramid", path: ".."),
    ],
    targets: [
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
