// swift-tools-version: 6.2
import PackageDescription

/// The seed articles' examples, tested with swift-pyramid:
/// - ExampleScreensTests: the seed screens (the root package's ExampleScreens) as HTML,
///   snapshot-tested across the full matrix in real Chromium. `swift test` verifies the
///   committed references; `SNAPSHOT_TESTING_RECORD=all swift test` records them again.
/// - RegisterFeatureTests: seed 001's RegisterOrganizationViewModel, tested Given/When/Then
///   (one nested suite per input, Scenario steps) with mocks PyramidMocksPlugin generates at
///   build time from RegisterFeature.
/// - UserListFeatureTests and SearchFeatureTests: seed 000's view models (loading sequence,
///   failure, delete; 300 ms debounce) with Scenario's recorders, gate and virtual time.
/// - ArticleFeatureTests: seed 003's ArticleAPIClient and its status-code table, three ways:
///   the mock PyramidMocksPlugin generates for URLSessionProtocol, the real URLSession through
///   HTTPStubs in-process, and the real URLSession against the loopback stub server.
/// - ShopCoreTests: the reference shop's core (ShopCore): its view models tested Given/When/Then
///   with the ShopAPIMock PyramidMocksPlugin generates (unit), its launch options, and its HTTP
///   client against HTTPStubs in process (integration).
/// - ShopUITests: seed 000's LoginFlowUITests and seed 002's Page Objects, Robots, launch
///   scenarios, permission alerts and device layouts, against the reference app (shop-app, which
///   each test launches as a process) in Chromium through UITesting, on a pooled browser.
let package = Package(
    name: "swift-pyramid-examples",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .executable(name: "shop-app", targets: ["ShopApp"]),
    ],
    dependencies: [
        .package(name: "swift-pyramid", path: ".."),
        .package(url: "https://github.com/OpenCombine/OpenCombine.git", from: "0.14.0"),
        .package(url: "https://github.com/pointfreeco/combine-schedulers", from: "1.2.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
    ],
    targets: [
        .target(name: "RegisterFeature", swiftSettings: [.treatAllWarnings(as: .error)]),
        .testTarget(
            name: "RegisterFeatureTests",
            dependencies: ["RegisterFeature", .product(name: "Scenario", package: "swift-pyramid")],
            swiftSettings: [.treatAllWarnings(as: .error)],
            plugins: [.plugin(name: "PyramidMocksPlugin", package: "swift-pyramid")]
        ),
        .target(
            name: "UserListFeature",
            dependencies: [.product(name: "OpenCombineShim", package: "OpenCombine")],
            swiftSettings: [.treatAllWarnings(as: .error)]
        ),
        .testTarget(
            name: "UserListFeatureTests",
            dependencies: ["UserListFeature", .product(name: "Scenario", package: "swift-pyramid")],
            swiftSettings: [.treatAllWarnings(as: .error)],
            plugins: [.plugin(name: "PyramidMocksPlugin", package: "swift-pyramid")]
        ),
        .target(
            name: "SearchFeature",
            dependencies: [
                .product(name: "OpenCombineShim", package: "OpenCombine"),
                .product(name: "CombineSchedulers", package: "combine-schedulers"),
            ],
            swiftSettings: [.treatAllWarnings(as: .error)]
        ),
        .testTarget(
            name: "SearchFeatureTests",
            dependencies: [
                "SearchFeature",
                .product(name: "Scenario", package: "swift-pyramid"),
                .product(name: "OpenCombineShim", package: "OpenCombine"),
                .product(name: "CombineSchedulers", package: "combine-schedulers"),
            ],
            swiftSettings: [.treatAllWarnings(as: .error)]
        ),
        .target(name: "ArticleFeature", swiftSettings: [.treatAllWarnings(as: .error)]),
        .testTarget(
            name: "ArticleFeatureTests",
            dependencies: [
                "ArticleFeature",
                .product(name: "HTTPStubs", package: "swift-pyramid"),
            ],
            swiftSettings: [.treatAllWarnings(as: .error)],
            plugins: [.plugin(name: "PyramidMocksPlugin", package: "swift-pyramid")]
        ),
        .target(name: "ShopCore", swiftSettings: [.treatAllWarnings(as: .error)]),
        .target(name: "ShopWeb", dependencies: ["ShopCore"], swiftSettings: [.treatAllWarnings(as: .error)]),
        .testTarget(
            name: "ShopWebTests",
            dependencies: ["ShopWeb", "ShopCore"],
            swiftSettings: [.treatAllWarnings(as: .error)]
        ),
        .executableTarget(
            name: "ShopApp",
            dependencies: [
                "ShopCore", "ShopWeb",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: [.treatAllWarnings(as: .error)]
        ),
        .testTarget(
            name: "ShopCoreTests",
            dependencies: [
                "ShopCore",
                .product(name: "Scenario", package: "swift-pyramid"),
                .product(name: "HTTPStubs", package: "swift-pyramid"),
            ],
            swiftSettings: [.treatAllWarnings(as: .error)],
            plugins: [.plugin(name: "PyramidMocksPlugin", package: "swift-pyramid")]
        ),
        .testTarget(
            name: "ShopUITests",
            dependencies: [
                "ShopCore",
                .product(name: "UITesting", package: "swift-pyramid"),
                .product(name: "HTTPStubs", package: "swift-pyramid"),
            ],
            swiftSettings: [.treatAllWarnings(as: .error)]
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
