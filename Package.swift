// swift-tools-version: 6.2
import CompilerPluginSupport
import PackageDescription

/// Settings every first-party target shares: Swift 6 language mode comes from the
/// tools version; warnings are errors so the tree stays at zero warnings.
let strict: [SwiftSetting] = [
    .treatAllWarnings(as: .error),
]

let package = Package(
    name: "swift-pyramid",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "PyramidImage", targets: ["PyramidImage"]),
        .library(name: "PNGCodec", targets: ["PNGCodec"]),
        .library(name: "ImageDiff", targets: ["ImageDiff"]),
        .library(name: "VisualTesting", targets: ["VisualTestingCore", "VisualTesting"]),
        .library(name: "WebDriver", targets: ["WebDriver"]),
        .library(name: "ChromiumRenderer", targets: ["ChromiumRenderer"]),
        .library(name: "SnapshotReview", targets: ["SnapshotReview"]),
        .library(name: "MockModel", targets: ["MockModel"]),
        .library(name: "MockGen", targets: ["MockGen"]),
        .library(name: "TestEventStream", targets: ["TestEventStream"]),
        .library(name: "Scenario", targets: ["Scenario"]),
        .library(name: "LivingSpec", targets: ["LivingSpec"]),
        .library(name: "HTTPStubs", targets: ["HTTPStubsCore", "HTTPStubs", "HTTPStubsServer"]),
        .library(name: "UITesting", targets: ["UITesting", "UITestingWeb", "UITestingXCUITest"]),
        .executable(name: "pyramid", targets: ["PyramidCLI"]),
        .executable(name: "pyramid-mocks", targets: ["PyramidMocksTool"]),
        .plugin(name: "PyramidMocksPlugin", targets: ["PyramidMocksPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // VisualTesting's SPI use (SnapshotTestingBoundary.swift) is tested against 1.19.x only; a new minor version is a deliberate bump.
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", .upToNextMinor(from: "1.19.7")),
        .package(url: "https://github.com/swiftlang/swift-syntax", "603.0.1"..<"604.0.0"),
        .package(url: "https://github.com/pointfreeco/swift-macro-testing", from: "0.7.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
        .package(url: "https://github.com/OpenCombine/OpenCombine.git", from: "0.14.0"),
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
        .package(url: "https://github.com/pointfreeco/swift-concurrency-extras", from: "1.4.3"),
        .package(url: "https://github.com/pointfreeco/combine-schedulers", from: "1.2.2"),
    ],
    targets: [
        // Layer 0: codecs and engines. PyramidIO holds the shared helpers (Locked, the one
        // lock-protected value; markup; FNV-1a; parallel map; processes).
        .systemLibrary(
            name: "CZlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        .target(name: "PyramidIO", swiftSettings: strict),
        .target(name: "PyramidImage", dependencies: ["PyramidIO"], swiftSettings: strict),
        .target(name: "PNGCodec", dependencies: ["PyramidImage", "PyramidIO", "CZlib"], swiftSettings: strict),
        .target(name: "ImageDiff", dependencies: ["PyramidImage", "PyramidIO"], swiftSettings: strict),
        .target(name: "MockModel", swiftSettings: strict),
        .target(name: "TestEventStream", dependencies: ["PyramidIO"], swiftSettings: strict),

        // Layer 1: libraries.
        .macro(
            name: "VisualTestingMacros",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
            ],
            swiftSettings: strict
        ),
        // Snapshots on disk: the matrix, manifests, catalog, run reports and gallery. No test
        // library, so tools (the pyramid CLI, the review server, the demo) start without one.
        .target(name: "VisualTestingCore", dependencies: ["PyramidImage", "PyramidIO", "ImageDiff"], swiftSettings: strict),
        // The assertions and macros, on swift-snapshot-testing; re-exports the core.
        .target(
            name: "VisualTesting",
            dependencies: [
                "VisualTestingCore", "PyramidImage", "PyramidIO", "PNGCodec", "ImageDiff", "VisualTestingMacros", "TestEventStream",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            swiftSettings: strict
        ),
        .target(
            name: "WebDriver",
            dependencies: [
                "PyramidIO",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),

        .target(
            name: "MockGen",
            dependencies: [
                "MockModel", "PyramidIO",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftParserDiagnostics", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
            ],
            swiftSettings: strict
        ),

        .target(
            name: "Scenario",
            dependencies: [
                "TestEventStream", "PyramidIO",
                .product(name: "OpenCombineShim", package: "OpenCombine"),
                .product(name: "Clocks", package: "swift-clocks"),
                .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
                .product(name: "CombineSchedulers", package: "combine-schedulers"),
            ],
            swiftSettings: strict
        ),
        .target(name: "LivingSpec", dependencies: ["TestEventStream", "PyramidIO"], swiftSettings: strict),
        // The loopback HTTP/1.1 server the review server and the stub server share.
        .target(
            name: "LoopbackServer",
            dependencies: [
                "PyramidIO",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        // HTTP stubs: the rules, registry, journal and WireMock's formats. No networking or test
        // library, so the pyramid CLI and the stub server start without them.
        .target(name: "HTTPStubsCore", dependencies: ["PyramidIO"], swiftSettings: strict),
        // The URLSession transport (URLProtocol) and the Swift Testing trait; re-exports the core.
        .target(
            name: "HTTPStubs",
            dependencies: ["HTTPStubsCore", "PyramidIO", "TraitSupport"],
            swiftSettings: strict
        ),

        // Package helpers for this package's Swift Testing traits (the failure watch).
        .target(name: "TraitSupport", dependencies: ["PyramidIO"], swiftSettings: strict),
        // UI tests: XCUITest's queries, elements and waits, page objects and robots, over a driver.
        .target(name: "UITesting", dependencies: ["PyramidIO", "TraitSupport"], swiftSettings: strict),

        // The stub engine on a socket: WireMock's admin API and faults at the connection.
        .target(name: "HTTPStubsServer", dependencies: ["HTTPStubsCore", "LoopbackServer"], swiftSettings: strict),

        // Layer 2: adapters.
        .target(
            name: "ChromiumRenderer",
            dependencies: ["VisualTesting", "WebDriver", "PNGCodec", "PyramidImage", "PyramidIO"],
            swiftSettings: strict
        ),

        // UITesting's driver for iOS apps through XCUITest (compiled only where XCUITest exists).
        .target(name: "UITestingXCUITest", dependencies: ["UITesting"], swiftSettings: strict),

        // UITesting's driver for web apps in Chromium.
        .target(name: "UITestingWeb", dependencies: ["UITesting", "WebDriver", "PyramidIO"], swiftSettings: strict),

        .target(
            name: "SnapshotReview",
            dependencies: ["VisualTestingCore", "PNGCodec", "PyramidIO", "LoopbackServer"],
            swiftSettings: strict
        ),

        // The reference example: the seed screens as HTML, and the demo that runs them.
        .target(
            name: "PyramidDemo",
            dependencies: ["LivingSpec", "TestEventStream", "VisualTestingCore", "WebDriver", "PNGCodec", "PyramidIO"],
            swiftSettings: strict
        ),

        // The CLI only parses arguments and calls the libraries.
        .target(
            name: "MocksCommand",
            dependencies: ["MockGen", "MockModel", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: strict
        ),
        .executableTarget(name: "PyramidMocksTool", dependencies: ["MocksCommand"], swiftSettings: strict),
        .plugin(name: "PyramidMocksPlugin", capability: .buildTool(), dependencies: ["PyramidMocksTool"]),
        .executableTarget(
            name: "PyramidCLI",
            dependencies: [
                "PNGCodec", "ImageDiff", "VisualTestingCore", "SnapshotReview", "PyramidDemo", "MocksCommand",
                "LivingSpec", "TestEventStream", "HTTPStubsCore", "HTTPStubsServer", "PyramidIO",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict
        ),

        .testTarget(name: "PyramidImageTests", dependencies: ["PyramidImage"], swiftSettings: strict),
        .testTarget(
            name: "PyramidIOTests",
            dependencies: ["PyramidIO", .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras")],
            swiftSettings: strict
        ),
        .testTarget(
            name: "VisualTestingTests",
            dependencies: [
                "VisualTesting", "PNGCodec", "ImageDiff", "PyramidIO", "WebDriver",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            exclude: ["__Snapshots__"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "VisualTestingMacrosTests",
            dependencies: [
                "VisualTestingMacros",
                .product(name: "MacroTesting", package: "swift-macro-testing"),
                .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "PNGCodecTests",
            dependencies: ["PNGCodec", "PyramidIO"],
            resources: [.copy("Fixtures")],
            swiftSettings: strict
        ),
        .testTarget(name: "ImageDiffTests", dependencies: ["ImageDiff", "PNGCodec"], swiftSettings: strict),
        .testTarget(
            name: "WebDriverTests", dependencies: ["WebDriver", "PNGCodec", "PyramidIO"], exclude: ["Fixtures"],
            swiftSettings: strict),
        .testTarget(
            name: "ChromiumRendererTests",
            dependencies: [
                "ChromiumRenderer", "VisualTesting", "WebDriver", "PNGCodec", "ImageDiff", "PyramidImage",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "SnapshotReviewTests",
            dependencies: ["SnapshotReview", "VisualTesting", "PNGCodec", "PyramidImage", "WebDriver", "SocketTestSupport"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "PyramidDemoTests",
            dependencies: ["PyramidDemo", "LivingSpec", "VisualTesting", "WebDriver"],
            swiftSettings: strict
        ),
        .testTarget(name: "MockModelTests", dependencies: ["MockModel"], swiftSettings: strict),
        .testTarget(
            name: "MockGenTests",
            dependencies: ["MockGen", "MockModel", .product(name: "SwiftParser", package: "swift-syntax")],
            exclude: ["Fixtures"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "TestEventStreamTests", dependencies: ["TestEventStream"], swiftSettings: strict),
        .testTarget(
            name: "ScenarioTests",
            dependencies: [
                "Scenario", "TestEventStream", "PyramidIO",
                .product(name: "OpenCombineShim", package: "OpenCombine"),
                .product(name: "Clocks", package: "swift-clocks"),
                .product(name: "CombineSchedulers", package: "combine-schedulers"),
                .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "LivingSpecTests", dependencies: ["LivingSpec", "TestEventStream"], exclude: ["Fixtures"],
            swiftSettings: strict),
        // A blocking raw-socket HTTP client, for tests that must send what real clients would not.
        .target(name: "SocketTestSupport", path: "Tests/SocketTestSupport", swiftSettings: strict),
        .testTarget(
            name: "LoopbackServerTests",
            dependencies: [
                "LoopbackServer", "SocketTestSupport", "Scenario",
                .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "HTTPStubsServerTests",
            dependencies: [
                "HTTPStubsServer", "HTTPStubs", "SocketTestSupport", "Scenario", "PyramidIO",
            ],
            swiftSettings: strict
        ),
        .testTarget(
            name: "HTTPStubsTests",
            dependencies: ["HTTPStubs", "HTTPStubsCore", .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras")],
            swiftSettings: strict
        ),
        .testTarget(
            name: "UITestingTests",
            dependencies: [
                "UITesting", "UITestingWeb", "WebDriver", "PyramidIO", "HTTPStubs", "HTTPStubsServer",
                .product(name: "Clocks", package: "swift-clocks"),
            ],
            exclude: ["Fixtures"],
            swiftSettings: strict),
        // chromedriver processes standing in for the nodes of a Selenium Grid, for tests of remote ends.
        .target(name: "GridTestSupport", dependencies: ["WebDriver", "LoopbackServer", "PyramidIO"], path: "Tests/GridTestSupport", swiftSettings: strict),
        .testTarget(
            name: "RemoteBrowserTests",
            dependencies: ["ChromiumRenderer", "VisualTesting", "WebDriver", "GridTestSupport", "PyramidIO", "PyramidImage"],
            swiftSettings: strict),
        .testTarget(
            name: "PyramidCLITests",
            dependencies: ["PyramidCLI", "PNGCodec", "VisualTesting", "WebDriver", "GridTestSupport", "PyramidIO", "TestEventStream"],
            swiftSettings: strict),
    ]
)
