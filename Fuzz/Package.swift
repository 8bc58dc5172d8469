// swift-tools-version: 6.2
import Foundation
import PackageDescription

// libFuzzer harnesses, one executable per reader of untrusted input, kept out of the root package
// because they are built with `-sanitize=fuzzer`, which supplies `main`. Run one with
// `scripts/fuzz NAME SECONDS`, all with `scripts/fuzz-all SECONDS`.

/// `PYRAMID_FUZZ_SMOKE=1` (CI's smoke, `FUZZ_BUILD=smoke scripts/fuzz-all`) builds the harnesses
/// in swift-pyramid's own build folder, beside its debug build, so nothing is compiled again:
/// only the harnesses are instrumented, and each has a `main` of its own that hands libFuzzer
/// its test. Fuzzing for real builds everything with `--sanitize=fuzzer` in a folder of its own.
let smoke = ProcessInfo.processInfo.environment["PYRAMID_FUZZ_SMOKE"] == "1"

/// A harness: an executable with FuzzSupport and the products it reads with.
func harness(_ name: String, _ products: [Target.Dependency]) -> Target {
    .executableTarget(
        name: name, dependencies: ["FuzzSupport"] + products,
        swiftSettings: smoke ? [.define("FUZZ_SMOKE"), .unsafeFlags(["-sanitize=fuzzer"])] : [],
        linkerSettings: smoke ? [.unsafeFlags(["-sanitize=fuzzer"])] : []
    )
}

let pyramid = { (product: String) -> Target.Dependency in .product(name: product, package: "swift-pyramid") }

let package = Package(
    name: "PyramidFuzz",
    dependencies: [
        .package(name: "swift-pyramid", path: ".."),
        .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.1"..<"605.0.0"),
    ],
    targets: [
        .target(name: "CLibFuzzer"),
        .target(name: "FuzzSupport", dependencies: ["CLibFuzzer"]),
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
