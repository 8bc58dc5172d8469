// swift-tools-version: 6.2
import CompilerPluginSupport
import PackageDescription

// The layers, lowest first; a target depends only on targets of its own layer or lower ones.
// ARCHITECTURE.md draws the graph and says where new drivers, strategies and commands go.
//
//   Internal  PyramidIO, TraitSupport, LoopbackServer, CZlib: shared helpers, `package` only
//   Engines   PyramidImage, PNGCodec, ImageDiff, PyramidJSON, MockModel, TestEventStream, XCResult, CodeCoverage:
//             no outside dependency
//   Libraries VisualTestingCore, VisualTesting (+ its macros), WebDriver, MockGen, Scenario,
//             LivingSpec, SpecRunning, Trends, HTTPStubsCore, HTTPStubs, HTTPStubsServer, UITesting,
//             MutationReport, Mutation, MutationRunning
//   Adapters  ChromiumRenderer, UITestingWeb, UITestingXCUITest, PyramidMocksPlugin
//   Tools     SnapshotReview, PyramidDemo, MocksCommand, PyramidMocksTool, PyramidMocksPluginTool, PyramidMutantsTool, PyramidStubsTool,
//             PyramidCLI
//
// Folders group targets by feature (Sources/Image, Sources/Snapshots, …); Tests/ mirrors them.

/// Settings every first-party target shares: Swift 6 language mode comes from the
/// tools version; warnings are errors so the tree stays at zero warnings; and the compiler
/// guards what leaks: an import that public API needs must say `public import`, members come
/// only from modules the file imports, and an existential says `any`.
let strict: [SwiftSetting] = [
    .treatAllWarnings(as: .error),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("ExistentialAny"),
]

/// A target's folder: `Sources/<feature>/<target>`.
func source(_ feature: String, _ name: String) -> String { "Sources/\(feature)/\(name)" }
/// A test target's folder: `Tests/<feature>/<target>`, mirroring `Sources`.
func tests(_ feature: String, _ name: String) -> String { "Tests/\(feature)/\(name)" }

let nio: [Target.Dependency] = [
    .product(name: "NIOCore", package: "swift-nio"),
    .product(name: "NIOPosix", package: "swift-nio"),
    .product(name: "NIOHTTP1", package: "swift-nio"),
]

let package = Package(
    name: "swift-pyramid",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        // Snapshot tests: assertions, the matrix, the @SnapshotSuite macros, catalog and gallery.
        .library(name: "VisualTesting", targets: ["VisualTestingCore", "VisualTesting"]),
        // Snapshots of HTML pages in Chromium (Linux, CI).
        .library(name: "ChromiumRenderer", targets: ["ChromiumRenderer"]),
        // Bitmaps, the PNG codec and the image comparator, for tools that read or compare images.
        .library(name: "PyramidImage", targets: ["PyramidImage", "PNGCodec", "ImageDiff"]),
        // A W3C WebDriver client and a pool of Chromium sessions.
        .library(name: "WebDriver", targets: ["WebDriver"]),
        // UI tests in XCUITest's shapes: queries, elements, waits, page objects; the XCUITest driver.
        .library(name: "UITesting", targets: ["UITesting", "UITestingXCUITest"]),
        // UITesting's driver for web apps in Chromium.
        .library(name: "UITestingWeb", targets: ["UITestingWeb"]),
        // HTTP stubs in process: the rules, WireMock's formats, the URLProtocol transport, the trait.
        .library(name: "HTTPStubs", targets: ["HTTPStubsCore", "HTTPStubs"]),
        // The stub engine on a loopback socket with WireMock's admin API.
        .library(name: "HTTPStubsServer", targets: ["HTTPStubsServer"]),
        // mockolo-compatible mock generation as a library.
        .library(name: "MockGen", targets: ["MockGen", "MockModel"]),
        // Given/When/Then scenarios and deterministic async helpers.
        .library(name: "Scenario", targets: ["Scenario"]),
        // The living spec: test runs read from event streams and XCTest output, written as documents.
        .library(name: "LivingSpec", targets: ["TestEventStream", "XCResult", "CodeCoverage", "LivingSpec"]),
        .executable(name: "pyramid", targets: ["PyramidCLI"]),
        .executable(name: "pyramid-mocks", targets: ["PyramidMocksTool"]),
        .executable(name: "pyramid-mutants", targets: ["PyramidMutantsTool"]),
        .executable(name: "pyramid-stubs", targets: ["PyramidStubsTool"]),
        .plugin(name: "PyramidMocksPlugin", targets: ["PyramidMocksPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // VisualTesting's SPI use (SnapshotTestingBoundary.swift) is tested against 1.19.x only; a new minor version is a deliberate bump.
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", .upToNextMinor(from: "1.19.7")),
        // Every swift-syntax a macro package may pin, 600 to 604: scripts/consumer-builds builds
        // VisualTesting (its macros) and MockGen against 600.0.1 and 602.0.0 in a consumer.
        .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.0"..<"605.0.0"),
        .package(url: "https://github.com/pointfreeco/swift-macro-testing", from: "0.7.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
        .package(url: "https://github.com/OpenCombine/OpenCombine.git", from: "0.14.0"),
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
        .package(url: "https://github.com/pointfreeco/swift-concurrency-extras", from: "1.4.3"),
        .package(url: "https://github.com/pointfreeco/combine-schedulers", from: "1.2.2"),
    ],
    targets: [
        // MARK: Internal: shared helpers of the package's own targets, `package` API only.

        .systemLibrary(
            name: "CZlib",
            path: source("Internal", "CZlib"),
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        // The one lock-protected value, markup escaping, FNV-1a, parallel map, processes, files.
        .target(name: "PyramidIO", path: source("Internal", "PyramidIO"), swiftSettings: strict),
        // The failure watch this package's Swift Testing traits share.
        .target(name: "TraitSupport", dependencies: ["PyramidIO"], path: source("Internal", "TraitSupport"), swiftSettings: strict),
        // The loopback HTTP/1.1 server the review server and the stub server share.
        .target(name: "LoopbackServer", dependencies: ["PyramidIO"] + nio, path: source("Internal", "LoopbackServer"), swiftSettings: strict),

        // MARK: Engines: no outside dependency.

        .target(name: "PyramidImage", dependencies: ["PyramidIO"], path: source("Image", "PyramidImage"), swiftSettings: strict),
        .target(name: "PNGCodec", dependencies: ["PyramidImage", "PyramidIO", "CZlib"], path: source("Image", "PNGCodec"), swiftSettings: strict),
        .target(name: "ImageDiff", dependencies: ["PyramidImage", "PNGCodec", "PyramidIO"], path: source("Image", "ImageDiff"), swiftSettings: strict),
        .target(name: "MockModel", path: source("Mocks", "MockModel"), swiftSettings: strict),
        // The one JSON value: stub bodies and mappings, WebDriver's commands (re-exported by both).
        .target(name: "PyramidJSON", dependencies: ["PyramidIO"], path: source("JSON", "PyramidJSON"), swiftSettings: strict),
        .target(name: "TestEventStream", dependencies: ["PyramidIO"], path: source("Spec", "TestEventStream"), swiftSettings: strict),
        // Xcode's result bundles (their SQLite database, or xcresulttool's JSON) as a TestRun.
        .target(
            name: "XCResult", dependencies: ["TestEventStream", "PyramidJSON", "PyramidIO"],
            path: source("Spec", "XCResult"), swiftSettings: strict),
        // Coverage measured by the toolchain's llvm-profdata and llvm-cov, run as processes.
        .target(
            name: "CodeCoverage", dependencies: ["PyramidJSON", "PyramidIO"], path: source("Spec", "CodeCoverage"), swiftSettings: strict),

        // MARK: Libraries: what test targets import.

        // The macros' expansions as a library, so their tests link it and not the macro: a test
        // target that depends on a macro makes SwiftPM build the whole test product for the host,
        // compiling every module of the package a second time (P25).
        .target(
            name: "VisualTestingMacroExpansions",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
            ],
            path: source("Snapshots", "VisualTestingMacroExpansions"),
            swiftSettings: strict
        ),
        // The compiler plugin: the macros by the names VisualTesting declares, each forwarding to its expansion.
        .macro(
            name: "VisualTestingMacros",
            dependencies: [
                "VisualTestingMacroExpansions",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
            ],
            path: source("Snapshots", "VisualTestingMacros"),
            swiftSettings: strict
        ),
        // Snapshots on disk: the matrix, manifests, catalog, run reports and gallery. No test
        // library, so tools (the pyramid CLI, the review server, the demo) start without one.
        .target(
            name: "VisualTestingCore", dependencies: ["PyramidImage", "PyramidIO", "ImageDiff"],
            path: source("Snapshots", "VisualTestingCore"), resources: [.copy("Gallery/gallery.js")], swiftSettings: strict),
        // The assertions and macros, on swift-snapshot-testing; re-exports the core.
        .target(
            name: "VisualTesting",
            dependencies: [
                "VisualTestingCore", "PyramidImage", "PyramidIO", "PNGCodec", "ImageDiff", "VisualTestingMacros", "TestEventStream",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            path: source("Snapshots", "VisualTesting"),
            swiftSettings: strict
        ),
        .target(
            name: "WebDriver", dependencies: ["PyramidJSON", "PyramidIO", .product(name: "NIOWebSocket", package: "swift-nio")] + nio,
            path: source("Browser", "WebDriver"), swiftSettings: strict),
        .target(
            name: "MockGen",
            dependencies: [
                "MockModel", "PyramidIO",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftParserDiagnostics", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
            ],
            path: source("Mocks", "MockGen"),
            swiftSettings: strict
        ),
        // Mutation testing's outcome, without swift-syntax: the mutants and their verdicts, Stryker's
        // report, its merge across shards, and the text, HTML and Markdown a person reads. For the tools only.
        .target(
            name: "MutationReport", dependencies: ["LivingSpec", "PyramidIO", "PyramidJSON"],
            path: source("Mutants", "MutationReport"), swiftSettings: strict),
        // Mutation testing's engine: where a Swift file can take a mutant, and the file with all of
        // them behind one switch (schemata). For the tools only.
        .target(
            name: "Mutation",
            dependencies: [
                "MutationReport", "PyramidJSON",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftOperators", package: "swift-syntax"),
                .product(name: "SwiftParserDiagnostics", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
            ],
            path: source("Mutants", "Mutation"),
            swiftSettings: strict
        ),
        // Mutation testing's pipeline: the copy planted and built (a schema that does not compile
        // taken apart), each test traced once, each mutant judged level by level against the
        // tests that reach it, and the outcome. For the tools only.
        .target(
            name: "MutationRunning", dependencies: ["Mutation", "MutationReport", "SpecRunning", "LivingSpec", "TestEventStream", "WebDriver", "PyramidIO", "PyramidJSON"],
            path: source("Mutants", "MutationRunning"), swiftSettings: strict),
        .target(
            name: "Scenario",
            dependencies: [
                "TestEventStream", "PyramidIO", "TraitSupport",
                .product(name: "OpenCombineShim", package: "OpenCombine"),
                .product(name: "Clocks", package: "swift-clocks"),
                .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
                .product(name: "CombineSchedulers", package: "combine-schedulers"),
            ],
            path: source("Scenarios", "Scenario"),
            swiftSettings: strict
        ),
        // The living spec's reporting: the document, its renderers, the pyramid, history,
        // quarantine and coverage per level as results. It runs nothing.
        .target(
            name: "LivingSpec", dependencies: ["TestEventStream", "CodeCoverage", "PyramidJSON", "PyramidIO"], path: source("Spec", "LivingSpec"),
            swiftSettings: strict),
        // A team's trends from its test history (`pyramid trends`): regressions caught per level,
        // the time to fix them. For the tools only.
        .target(name: "Trends", dependencies: ["LivingSpec", "PyramidJSON", "PyramidIO"], path: source("Spec", "Trends"), swiftSettings: strict),
        // Running for the spec: `swift test` and the test bundle, levels, shards, reruns, coverage
        // runs and the pipeline (SpecRun) that ends in LivingSpec's document. For the tools only.
        .target(
            name: "SpecRunning", dependencies: ["LivingSpec", "Trends", "TestEventStream", "XCResult", "CodeCoverage", "PyramidIO"],
            path: source("Spec", "SpecRunning"), swiftSettings: strict),
        // HTTP stubs: the rules, registry, journal and WireMock's formats, and the proxy that
        // forwards to a real API (Foundation's URLSession, the one TLS client here). No test
        // library and no SwiftNIO, so the pyramid CLI and the stub server start without them.
        .target(name: "HTTPStubsCore", dependencies: ["PyramidJSON", "PyramidIO"], path: source("Stubs", "HTTPStubsCore"), swiftSettings: strict),
        // The URLSession transport (URLProtocol) and the Swift Testing trait; re-exports the core.
        .target(
            name: "HTTPStubs", dependencies: ["HTTPStubsCore", "PyramidIO", "TraitSupport"],
            path: source("Stubs", "HTTPStubs"), swiftSettings: strict),
        // The stub engine on a socket: WireMock's admin API and faults at the connection.
        .target(
            name: "HTTPStubsServer", dependencies: ["HTTPStubsCore", "LoopbackServer", "PyramidIO"],
            path: source("Stubs", "HTTPStubsServer"), swiftSettings: strict),
        // UI tests: XCUITest's queries, elements and waits, page objects and robots, over a driver.
        // A UI trace's format, its reader and its viewer: no swift-testing, so `pyramid trace` links it.
        .target(name: "UITrace", dependencies: ["PyramidIO"], path: source("UI", "UITrace"), swiftSettings: strict),
        .target(name: "UITesting", dependencies: ["PyramidIO", "TraitSupport", "UITrace"], path: source("UI", "UITesting"), swiftSettings: strict),

        // MARK: Adapters: a library on a real renderer, driver or build system.

        .target(
            name: "ChromiumRenderer",
            dependencies: ["VisualTesting", "WebDriver", "PNGCodec", "PyramidImage", "PyramidIO"],
            path: source("Snapshots", "ChromiumRenderer"),
            swiftSettings: strict
        ),
        // UITesting's driver for iOS apps through XCUITest (compiled only where XCUITest exists).
        .target(name: "UITestingXCUITest", dependencies: ["UITesting", "PyramidIO"], path: source("UI", "UITestingXCUITest"), swiftSettings: strict),
        // UITesting's driver for web apps in Chromium.
        .target(
            name: "UITestingWeb", dependencies: ["UITesting", "WebDriver", "PyramidIO"],
            path: source("UI", "UITestingWeb"), swiftSettings: strict),
        .plugin(name: "PyramidMocksPlugin", capability: .buildTool(), dependencies: ["PyramidMocksPluginTool"]),

        // MARK: Tools: the commands; they parse arguments and call the libraries.

        // The snapshot review server: accept or reject a run's cells in a browser.
        .target(
            name: "SnapshotReview",
            dependencies: ["VisualTestingCore", "PNGCodec", "PyramidIO", "LoopbackServer"],
            path: source("Tools", "SnapshotReview"),
            swiftSettings: strict
        ),
        // `pyramid demo`: runs the reference app's tests at every level and writes the pyramid.
        .target(
            name: "PyramidDemo",
            dependencies: [
                "LivingSpec", "SpecRunning", "MutationReport", "CodeCoverage", "TestEventStream", "VisualTestingCore", "UITrace", "WebDriver", "PNGCodec", "PyramidIO",
            ],
            path: source("Tools", "PyramidDemo"),
            swiftSettings: strict
        ),
        .target(
            name: "MocksCommand",
            dependencies: ["MockGen", "MockModel", "PyramidIO", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: source("Tools", "MocksCommand"),
            swiftSettings: strict
        ),
        .executableTarget(name: "PyramidMocksTool", dependencies: ["MocksCommand"], path: source("Tools", "PyramidMocksTool"), swiftSettings: strict),
        // The mocks plugin's tool: pyramid-mocks without ArgumentParser. SwiftPM builds a plugin's tool,
        // for the host, before anything else of a package that applies it; the less it links, the
        // sooner the rest of the build starts.
        .executableTarget(
            name: "PyramidMocksPluginTool", dependencies: ["MockGen", "MockModel"], path: source("Tools", "PyramidMocksPluginTool"),
            swiftSettings: strict),
        // `pyramid-mutants`, which `pyramid mutants` and `pyramid demo --mutants` run: an executable
        // of its own because it parses Swift with swift-syntax, which `pyramid` does not link.
        .executableTarget(
            name: "PyramidMutantsTool",
            dependencies: [
                "MutationRunning", "MutationReport", "LivingSpec", "PyramidDemo", "PyramidIO", "SpecRunning", "TestEventStream",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: source("Tools", "PyramidMutantsTool"), swiftSettings: strict),
        // `pyramid-stubs`, which `pyramid stubs` runs: an executable of its own because proxying to
        // real APIs goes through URLSession, whose FoundationNetworking (libcurl and twenty more
        // libraries) would otherwise be loaded by every `pyramid` command as it starts.
        .executableTarget(
            name: "PyramidStubsTool",
            dependencies: ["HTTPStubsCore", "HTTPStubsServer", "PyramidIO", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: source("Tools", "PyramidStubsTool"), swiftSettings: strict),
        .executableTarget(
            name: "PyramidCLI",
            dependencies: [
                "PNGCodec", "ImageDiff", "VisualTestingCore", "SnapshotReview", "PyramidDemo",
                "LivingSpec", "SpecRunning", "MutationReport", "Trends", "CodeCoverage", "TestEventStream", "XCResult", "UITrace", "PyramidIO",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: source("Tools", "PyramidCLI"),
            swiftSettings: strict
        ),

        // MARK: Test support

        // What every test target may need: temporary folders removed even when a test throws.
        .target(name: "PyramidTestSupport", dependencies: ["PyramidIO"], path: tests("Support", "PyramidTestSupport"), swiftSettings: strict),
        // A blocking raw-socket HTTP client, for tests that must send what real clients would not.
        .target(name: "SocketTestSupport", dependencies: ["LoopbackServer"], path: tests("Support", "SocketTestSupport"), swiftSettings: strict),
        // chromedriver processes standing in for the nodes of a Selenium Grid, for tests of remote ends.
        .target(
            name: "GridTestSupport", dependencies: ["WebDriver", "LoopbackServer", "PyramidIO"],
            path: tests("Support", "GridTestSupport"), swiftSettings: strict),

        // MARK: Tests, mirroring Sources

        .testTarget(
            name: "PyramidIOTests",
            dependencies: ["PyramidTestSupport", "PyramidIO", "Scenario", .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras")],
            path: tests("Internal", "PyramidIOTests"),
            swiftSettings: strict
        ),
        .testTarget(
            name: "LoopbackServerTests",
            dependencies: [
                "LoopbackServer", "SocketTestSupport", "Scenario",
                .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
            ],
            path: tests("Internal", "LoopbackServerTests"),
            swiftSettings: strict
        ),
        .testTarget(name: "PyramidJSONTests", dependencies: ["PyramidJSON"], path: tests("JSON", "PyramidJSONTests"), swiftSettings: strict),
        .testTarget(name: "PyramidImageTests", dependencies: ["PyramidImage"], path: tests("Image", "PyramidImageTests"), swiftSettings: strict),
        .testTarget(
            name: "PNGCodecTests",
            dependencies: ["PyramidTestSupport", "PNGCodec", "PyramidIO"],
            path: tests("Image", "PNGCodecTests"),
            resources: [.copy("Fixtures")],
            swiftSettings: strict
        ),
        .testTarget(name: "ImageDiffTests", dependencies: ["ImageDiff", "PNGCodec", "PyramidIO"], path: tests("Image", "ImageDiffTests"), swiftSettings: strict),
        .testTarget(
            name: "VisualTestingTests",
            dependencies: [
                "PyramidTestSupport", "VisualTesting", "PNGCodec", "ImageDiff", "PyramidIO", "WebDriver",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            path: tests("Snapshots", "VisualTestingTests"),
            exclude: ["__Snapshots__"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "VisualTestingMacroExpansionsTests",
            dependencies: [
                "VisualTestingMacroExpansions",
                .product(name: "MacroTesting", package: "swift-macro-testing"),
                .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
            ],
            path: tests("Snapshots", "VisualTestingMacroExpansionsTests"),
            swiftSettings: strict
        ),
        .testTarget(
            name: "ChromiumRendererTests",
            dependencies: ["PyramidTestSupport", "ChromiumRenderer", "VisualTesting", "WebDriver", "PNGCodec", "ImageDiff", "PyramidImage"] + nio,
            path: tests("Snapshots", "ChromiumRendererTests"), exclude: ["Fixtures"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "WebDriverTests", dependencies: ["PyramidTestSupport", "WebDriver", "PNGCodec", "PyramidIO", "Scenario", .product(name: "NIOHTTP1", package: "swift-nio")],
            path: tests("Browser", "WebDriverTests"), exclude: ["Fixtures"], swiftSettings: strict),
        .testTarget(
            name: "RemoteBrowserTests",
            dependencies: ["ChromiumRenderer", "VisualTesting", "WebDriver", "GridTestSupport", "PyramidIO", "PyramidImage"],
            path: tests("Browser", "RemoteBrowserTests"),
            swiftSettings: strict),
        .testTarget(
            name: "UITestingTests",
            dependencies: [
                "PyramidTestSupport", "UITesting", "UITestingWeb", "UITestingXCUITest", "UITrace", "WebDriver", "PyramidIO", "HTTPStubs", "HTTPStubsServer",
                "TraitSupport",
                "ChromiumRenderer", "VisualTesting", "PyramidImage",
                .product(name: "Clocks", package: "swift-clocks"),
            ],
            path: tests("UI", "UITestingTests"),
            exclude: ["Fixtures"],
            swiftSettings: strict),
        .testTarget(
            name: "UITraceTests",
            dependencies: ["UITrace", "WebDriver", "PyramidIO", "PyramidTestSupport"],
            path: tests("UI", "UITraceTests"),
            swiftSettings: strict),
        .testTarget(
            name: "HTTPStubsTests",
            dependencies: ["PyramidTestSupport", "HTTPStubs", "HTTPStubsCore", .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras")],
            path: tests("Stubs", "HTTPStubsTests"),
            swiftSettings: strict
        ),
        .testTarget(
            name: "HTTPStubsServerTests",
            dependencies: ["PyramidTestSupport", "HTTPStubsServer", "HTTPStubs", "SocketTestSupport", "Scenario", "PyramidIO"],
            path: tests("Stubs", "HTTPStubsServerTests"), exclude: ["Fixtures"],
            swiftSettings: strict
        ),
        .testTarget(name: "MockModelTests", dependencies: ["MockModel"], path: tests("Mocks", "MockModelTests"), swiftSettings: strict),
        .testTarget(
            name: "MockGenTests",
            dependencies: ["PyramidTestSupport", "MockGen", "MockModel", .product(name: "SwiftParser", package: "swift-syntax")],
            path: tests("Mocks", "MockGenTests"),
            exclude: ["Fixtures"],
            swiftSettings: strict
        ),
        .testTarget(
            name: "ScenarioTests",
            dependencies: [
                "Scenario", "TestEventStream", "PyramidIO", "TraitSupport",
                .product(name: "OpenCombineShim", package: "OpenCombine"),
                .product(name: "Clocks", package: "swift-clocks"),
                .product(name: "CombineSchedulers", package: "combine-schedulers"),
                .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
            ],
            path: tests("Scenarios", "ScenarioTests"),
            swiftSettings: strict
        ),
        .testTarget(
            name: "TestEventStreamTests", dependencies: ["PyramidTestSupport", "TestEventStream"],
            path: tests("Spec", "TestEventStreamTests"), swiftSettings: strict),
        .testTarget(
            name: "XCResultTests", dependencies: ["PyramidTestSupport", "XCResult", "TestEventStream", "LivingSpec", "PyramidIO"],
            path: tests("Spec", "XCResultTests"), swiftSettings: strict),
        .testTarget(
            name: "CodeCoverageTests", dependencies: ["PyramidTestSupport", "CodeCoverage"],
            path: tests("Spec", "CodeCoverageTests"), exclude: ["Fixtures"], swiftSettings: strict),
        .testTarget(
            name: "LivingSpecTests",
            dependencies: ["PyramidTestSupport", "LivingSpec", "SpecRunning", "TestEventStream", "CodeCoverage", "PyramidIO", "WebDriver", "PNGCodec", "PyramidImage"],
            path: tests("Spec", "LivingSpecTests"), exclude: ["Fixtures"], swiftSettings: strict),
        .testTarget(name: "TrendsTests", dependencies: ["PyramidTestSupport", "Trends", "LivingSpec"], path: tests("Spec", "TrendsTests"), swiftSettings: strict),
        .testTarget(
            name: "MutationReportTests", dependencies: ["PyramidTestSupport", "MutationReport", "PyramidJSON"], path: tests("Mutants", "MutationReportTests"),
            swiftSettings: strict),
        .testTarget(
            name: "MutationTests", dependencies: ["PyramidTestSupport", "Mutation", "MutationReport", "PyramidJSON"], path: tests("Mutants", "MutationTests"),
            swiftSettings: strict),
        .testTarget(
            name: "MutationRunningTests", dependencies: ["PyramidTestSupport", "MutationRunning", "Mutation", "MutationReport", "LivingSpec", "PyramidJSON", "WebDriver"],
            path: tests("Mutants", "MutationRunningTests"), exclude: ["Fixtures"], swiftSettings: strict),
        .testTarget(
            name: "SpecRunningTests",
            dependencies: ["PyramidTestSupport", "SpecRunning", "LivingSpec", "TestEventStream", "CodeCoverage", "PyramidIO"],
            path: tests("Spec", "SpecRunningTests"), swiftSettings: strict),
        .testTarget(
            name: "SnapshotReviewTests",
            dependencies: ["PyramidTestSupport", "SnapshotReview", "VisualTesting", "PNGCodec", "PyramidImage", "WebDriver", "SocketTestSupport", "LoopbackServer"],
            path: tests("Tools", "SnapshotReviewTests"),
            swiftSettings: strict
        ),
        .testTarget(
            name: "PyramidDemoTests",
            dependencies: ["PyramidTestSupport", "PyramidDemo", "LivingSpec", "MutationReport", "SpecRunning", "TestEventStream", "VisualTesting", "WebDriver", "PyramidIO", "UITrace"],
            path: tests("Tools", "PyramidDemoTests"),
            swiftSettings: strict
        ),
        // A fixture, not a test of a module: `pyramid spec --retries` runs it (RetrySpecCommandTests).
        // Its tests skip unless PYRAMID_RETRY_FIXTURE names a folder.
        .testTarget(
            name: "RetryFixtureTests",
            dependencies: ["VisualTesting", "PyramidImage", .product(name: "SnapshotTesting", package: "swift-snapshot-testing")],
            path: tests("Fixtures", "RetryFixtureTests"), swiftSettings: strict),
        .testTarget(
            name: "PyramidCLITests",
            dependencies: ["PyramidTestSupport", "PyramidCLI", "PNGCodec", "VisualTesting", "WebDriver", "GridTestSupport", "PyramidIO", "TestEventStream", "HTTPStubs", "CodeCoverage"],
            path: tests("Tools", "PyramidCLITests"),
            swiftSettings: strict),
    ]
)
