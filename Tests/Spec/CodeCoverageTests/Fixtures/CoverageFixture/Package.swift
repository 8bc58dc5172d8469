// swift-tools-version: 6.0
// A package for the coverage engine's tests: a library, an app that uses it, and tests at two
// levels, one of which reaches the library only through the app's process.
import PackageDescription

let package = Package(
    name: "CoverageFixture",
    targets: [
        .target(name: "Greeting"),
        .executableTarget(name: "greet", dependencies: ["Greeting"]),
        .testTarget(name: "GreetingTests", dependencies: ["Greeting"]),
    ]
)
