// swift-tools-version: 6.2
import PackageDescription

/// The seed articles' screens as HTML, snapshot-tested across the full matrix in
/// real Chromium with swift-pyramid. `swift test` here verifies the committed
/// references; `SNAPSHOT_TESTING_RECORD=all swift test` records them again.
let package = Package(
    name: "swift-pyramid-examples",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "ExampleScreens", targets: ["ExampleScreens"]),
    ],
    dependencies: [
        .package(name: "swift-pyramid", path: ".."),
    ],
    targets: [
        .target(
            name: "ExampleScreens",
            dependencies: [.product(name: "ChromiumRenderer", package: "swift-pyramid")],
            swiftSettings: [.treatAllWarnings(as: .error)]
        ),
        .testTarget(
            name: "ExampleScreensTests",
            dependencies: [
                "ExampleScreens",
                .product(name: "VisualTesting", package: "swift-pyramid"),
                .product(name: "ChromiumRenderer", package: "swift-pyramid"),
            ],
            exclude: ["__Snapshots__"],
            swiftSettings: [.treatAllWarnings(as: .error)]
        ),
    ]
)
