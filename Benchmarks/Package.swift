// swift-tools-version: 6.2
import PackageDescription

// Benchmarks, built in release mode by scripts/bench-*; kept out of the root
// package so `swift build` and the tests do not pay for them.
let package = Package(
    name: "PyramidBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "swift-pyramid", path: ".."),
        .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
        // The record mode a benchmark sets for its own phases (withSnapshotTesting), as a test does.
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", .upToNextMinor(from: "1.19.7")),
    ],
    targets: [
        .executableTarget(
            name: "image-bench",
            dependencies: [
                .product(name: "PyramidImage", package: "swift-pyramid"),
            ],
            path: "Sources/ImageBench"
        ),
        .executableTarget(
            name: "snapshot-bench",
            dependencies: [
                .product(name: "PyramidImage", package: "swift-pyramid"),
                .product(name: "VisualTesting", package: "swift-pyramid"),
            ],
            path: "Sources/SnapshotBench"
        ),
        .executableTarget(
            name: "chromium-bench",
            dependencies: [
                .product(name: "PyramidImage", package: "swift-pyramid"),
                .product(name: "VisualTesting", package: "swift-pyramid"),
                .product(name: "WebDriver", package: "swift-pyramid"),
                .product(name: "ChromiumRenderer", package: "swift-pyramid"),
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            path: "Sources/ChromiumBench"
        ),
        .executableTarget(
            name: "gallery-bench",
            dependencies: [
                .product(name: "PyramidImage", package: "swift-pyramid"),
                .product(name: "VisualTesting", package: "swift-pyramid"),
                .product(name: "WebDriver", package: "swift-pyramid"),
            ],
            path: "Sources/GalleryBench"
        ),
        .executableTarget(
            name: "ui-bench",
            dependencies: [
                .product(name: "UITesting", package: "swift-pyramid"),
                .product(name: "UITestingWeb", package: "swift-pyramid"),
                .product(name: "WebDriver", package: "swift-pyramid"),
            ],
            path: "Sources/UIBench"
        ),
        .executableTarget(
            name: "stubs-bench",
            dependencies: [.product(name: "HTTPStubs", package: "swift-pyramid")],
            path: "Sources/StubsBench"
        ),
        .executableTarget(
            name: "stub-server-bench",
            dependencies: [
                .product(name: "HTTPStubs", package: "swift-pyramid"),
                .product(name: "HTTPStubsServer", package: "swift-pyramid"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            path: "Sources/StubServerBench"
        ),
    ]
)
