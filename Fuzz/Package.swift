// swift-tools-version: 6.2
import PackageDescription

// libFuzzer harnesses, kept out of the root package because they are built with
// `-sanitize=fuzzer`, which supplies `main`. Run them with scripts/fuzz-png.
let package = Package(
    name: "PyramidFuzz",
    dependencies: [.package(name: "swift-pyramid", path: "..")],
    targets: [
        .executableTarget(
            name: "PNGDecoderFuzzer",
            dependencies: [.product(name: "PyramidImage", package: "swift-pyramid")]
        ),
    ]
)
