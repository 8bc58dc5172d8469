// swift-tools-version: 6.2
import PackageDescription

/// The seed articles' app, tested at every level of the pyramid with swift-pyramid
/// (`swift run pyramid demo` from the checkout runs them all and prints the pyramid):
/// - shop-app (ShopApp, ShopWeb, ShopCore): the reference app, a runnable executable whose UI
///   is served to a browser on loopback and whose state lives in ShopCore's view models. It reads
///   seed 002's launch arguments and environment and calls its API over HTTP (or in process with
///   `--mock-api`). `SHOP_BREAK=login-disabled` is a deliberately broken build.
/// - Unit: ShopCoreTests and ShopWebTests (the view models with the ShopAPIMock PyramidMocksPlugin
///   generates, Given/When/Then; the app's state machine and screens), RegisterFeatureTests
///   (seed 001), UserListFeatureTests and SearchFeatureTests (seed 000's loading sequence and
///   300 ms debounce with Scenario's recorders and virtual time), ArticleFeatureTests' mock way.
/// - Integration: the HTTP clients against HTTPStubs (ShopCoreTests, ArticleFeatureTests, seed 003).
/// - Snapshot: ShopSnapshotTests renders the running app's screens (its previews) across the
///   device × theme matrix in Chromium. `SNAPSHOT_TESTING_RECORD=all swift test` records again.
/// - UI: ShopUITests, seed 000's LoginFlowUITests and seed 002's Page Objects, Robots, launch
///   scenarios, permission alerts and device layouts, against shop-app (launched per test) in
///   Chromium through UITesting, on a pooled browser.
/// `pyramid demo` measures what each level covers: it sets PYRAMID_EXAMPLES_COVERAGE=1 and the
/// app's own targets are instrumented, not their dependencies, so swift-syntax, SwiftNIO and
/// swift-pyramid's modules are the ones `pyramid` was built with and are not compiled again.
/// (`swift build --enable-code-coverage` would instrument every module.)
let coverage = Context.environment["PYRAMID_EXAMPLES_COVERAGE"] == "1"
let instrumented: [SwiftSetting] = coverage ? [.unsafeFlags(["-profile-generate", "-profile-coverage-mapping"])] : []
let profileRuntime: [LinkerSetting] = coverage ? [.unsafeFlags(["-profile-generate"])] : []

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
        .target(
            name: "RegisterFeature",
            swiftSettings: [.treatAllWarnings(as: .error)] + instrumented,
            linkerSettings: profileRuntime
        ),
        .testTarget(
            name: "RegisterFeatureTests",
            dependencies: ["RegisterFeature", .product(name: "Scenario", package: "swift-pyramid")],
            swiftSettings: [.treatAllWarnings(as: .error)],
            plugins: [.plugin(name: "PyramidMocksPlugin", package: "swift-pyramid")]
        ),
        .target(
            name: "UserListFeature",
            dependencies: [.product(name: "OpenCombineShim", package: "OpenCombine")],
            swiftSettings: [.treatAllWarnings(as: .error)] + instrumented,
            linkerSettings: profileRuntime
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
            swiftSettings: [.treatAllWarnings(as: .error)] + instrumented,
            linkerSettings: profileRuntime
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
        .target(
            name: "ArticleFeature",
            swiftSettings: [.treatAllWarnings(as: .error)] + instrumented,
            linkerSettings: profileRuntime
        ),
        .testTarget(
            name: "ArticleFeatureTests",
            dependencies: [
                "ArticleFeature",
                .product(name: "HTTPStubs", package: "swift-pyramid"),
                .product(name: "HTTPStubsServer", package: "swift-pyramid"),
            ],
            swiftSettings: [.treatAllWarnings(as: .error)],
            plugins: [.plugin(name: "PyramidMocksPlugin", package: "swift-pyramid")]
        ),
        .target(
            name: "ShopCore",
            dependencies: ["UserListFeature", "SearchFeature", "ArticleFeature", "RegisterFeature"],
            swiftSettings: [.treatAllWarnings(as: .error)] + instrumented,
            linkerSettings: profileRuntime
        ),
        .target(
            name: "ShopWeb",
            dependencies: ["ShopCore", "UserListFeature", "SearchFeature", "ArticleFeature", "RegisterFeature"],
            swiftSettings: [.treatAllWarnings(as: .error)] + instrumented,
            linkerSettings: profileRuntime
        ),
        .testTarget(
            name: "ShopWebTests",
            dependencies: ["ShopWeb", "ShopCore", "RegisterFeature", "UserListFeature", "ArticleFeature"],
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
            swiftSettings: [.treatAllWarnings(as: .error)] + instrumented,
            linkerSettings: profileRuntime
        ),
        .testTarget(
            name: "ShopCoreTests",
            dependencies: [
                "ShopCore", "UserListFeature", "SearchFeature", "ArticleFeature",
                .product(name: "Scenario", package: "swift-pyramid"),
                .product(name: "HTTPStubs", package: "swift-pyramid"),
            ],
            swiftSettings: [.treatAllWarnings(as: .error)],
            plugins: [.plugin(name: "PyramidMocksPlugin", package: "swift-pyramid")]
        ),
        .target(
            name: "ShopTestSupport",
            dependencies: [
                "ShopCore",
                .product(name: "UITesting", package: "swift-pyramid"),
                .product(name: "UITestingWeb", package: "swift-pyramid"),
            ],
            swiftSettings: [.treatAllWarnings(as: .error)] + instrumented,
            linkerSettings: profileRuntime
        ),
        .testTarget(
            name: "ShopSnapshotTests",
            dependencies: [
                "ShopWeb", "ShopTestSupport",
                .product(name: "VisualTesting", package: "swift-pyramid"),
                .product(name: "ChromiumRenderer", package: "swift-pyramid"),
            ],
            exclude: ["__Snapshots__"],
            swiftSettings: [.treatAllWarnings(as: .error)]
        ),
        .testTarget(
            name: "ShopUITests",
            dependencies: [
                "ShopCore", "ShopTestSupport",
                .product(name: "UITesting", package: "swift-pyramid"),
                .product(name: "HTTPStubs", package: "swift-pyramid"),
                .product(name: "UITestingWeb", package: "swift-pyramid"),
                .product(name: "HTTPStubsServer", package: "swift-pyramid"),
            ],
            swiftSettings: [.treatAllWarnings(as: .error)]
        ),
    ]
)
