// swift-tools-version: 6.2
import PackageDescription

// libFuzzer harnesses, one executable per reader of untrusted input, kept out of the root package
// because they are built with `-sanitize=fuzzer`, which supplies `main`. Run one with
// `scripts/fuzz NAME SECONDS`, all with `scripts/fuzz-all SECONDS`.

/// A harness: an executable with FuzzSupport and the products it reads with.
func harness(_ name: String, _ products: [Target.Dependency]) -> Target {
    .executableTarget(name: name, dependencies: ["FuzzSupport"] + products)
}

let pyramid = { (product: String) -> Target.Dependency in .product(name: product, package: "swift-pyramid") }

let package = Package(
    name: "PyramidFuzz",
    dependencies: [
        .package(name: "swift-pyramid", path: ".."),
        .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.1"..<"605.0.0"),
    ],
    targets: [
        .target(name: "FuzzSupport"),
        harness("PNGDecoderFuzzer", [pyramid("PyramidImage")]),
        harness("JSONFuzzer", [pyramid("HTTPStubs")]),
        harness("StubsFuzzer", [pyramid("HTTPStubs")]),
        harness("EventStreamFuzzer", [pyramid("LivingSpec")]),
        harness("XCTestOutputFuzzer", [pyramid("LivingSpec")]),
        harness("XCResultFuzzer", [pyramid("LivingSpec")]),
        harness("HistoryFuzzer", [pyramid("LivingSpec"), pyramid("HTTPStubs")]),
        harness("MockGenFuzzer", [
            pyramid("MockGen"),
            .product(name: "SwiftParser", package: "swift-syntax"), .product(name: "SwiftSyntax", package: "swift-syntax"),
        ]),
    ]
)
