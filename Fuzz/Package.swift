// swift-tools-version: 6.2
import PackageDescription

// libFuzzer harnesses, one executable per reader of untrusted input, kept out of the root package
// because they are built with `-sanitize=fuzzer`, which supplies `main`. Run one with
// `scripts/fuzz NAME SECONDS`, all with `scripts/fuzz-all SECONDS`.
let package = Package(
    name: "PyramidFuzz",
    dependencies: [
        .package(name: "swift-pyramid", path: ".."),
        .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.1"..<"605.0.0"),
    ],
    targets: [
        .target(name: "FuzzSupport"),
        .executableTarget(
            name: "PNGDecoderFuzzer",
            dependencies: ["FuzzSupport", .product(name: "PyramidImage", package: "swift-pyramid")]
        ),
        .executableTarget(
            name: "JSONFuzzer",
            dependencies: ["FuzzSupport", .product(name: "HTTPStubs", package: "swift-pyramid")]
        ),
        .executableTarget(
            name: "StubsFuzzer",
            dependencies: ["FuzzSupport", .product(name: "HTTPStubs", package: "swift-pyramid")]
        ),
        .executableTarget(
            name: "EventStreamFuzzer",
            dependencies: ["FuzzSupport", .product(name: "LivingSpec", package: "swift-pyramid")]
        ),
        .executableTarget(
            name: "XCTestOutputFuzzer",
            dependencies: ["FuzzSupport", .product(name: "LivingSpec", package: "swift-pyramid")]
        ),
        .executableTarget(
            name: "XCResultFuzzer",
            dependencies: ["FuzzSupport", .product(name: "LivingSpec", package: "swift-pyramid")]
        ),
        .executableTarget(
            name: "HistoryFuzzer",
            dependencies: ["FuzzSupport", .product(name: "LivingSpec", package: "swift-pyramid")]
        ),
        .executableTarget(
            name: "MockGenFuzzer",
            dependencies: [
                "FuzzSupport", .product(name: "MockGen", package: "swift-pyramid"),
                .product(name: "SwiftParser", package: "swift-syntax"), .product(name: "SwiftSyntax", package: "swift-syntax"),
            ]
        ),
    ]
)
