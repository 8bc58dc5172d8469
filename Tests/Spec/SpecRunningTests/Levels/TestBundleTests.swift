import SpecRunning
import Foundation
import LivingSpec
import PyramidTestSupport
import Testing
import TestEventStream

/// A package's test binary listed and run without SwiftPM, checked against `swift test`'s own
/// list and on a binary with XCTest and Swift Testing tests side by side (this suite's own).
@Suite("The test binary, listed and run as swift test would", .timeLimit(.minutes(10)))
struct TestBundleTests {
    let scratch = TemporaryFolder("test-bundle", create: true)

    @Test("it lists what swift test list lists, with Swift Testing's tags in the stream")
    func listsAsSwiftTestDoes() async throws {
        let listed = try await CoverageFixture.exclusively {
            try await Program.run(
                URL(fileURLWithPath: "/usr/bin/env"), ["swift", "test", "list", "--package-path", CoverageFixture.folder, "--skip-build", "--ignore-lock"])
        }
        try #require(listed.status == 0, "\(listed.stderr)")
        let streamPath = scratch.path("list.jsonl")
        let listing = try await offThePool { try TestBundle(path: CoverageFixture.binaries[0]).list(streamPath: streamPath) }
        let expected = listed.stdout.split(separator: "\n").map(String.init).sorted()
        #expect(expected.count == 2)
        #expect(listing.names.split(separator: "\n").map(String.init).sorted() == expected)
        let stream = String(decoding: listing.stream, as: UTF8.self)
        #expect(stream.contains(#""_tags":[".unit"]"#) && stream.contains(#""_tags":[".ui"]"#), "\(stream)")
    }

    @Test("XCTest's tests run by name and Swift Testing's by exact filter, each framework's report where the spec reads it")
    func runsBothFrameworks() async throws {
        let bundle = TestBundle(path: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        let work = scratch.path("run")
        let runner = SwiftTestRunner(packagePath: FileManager.default.currentDirectoryPath, workFolder: work, onLine: { _ in })
        let tests = ["RetryFixtureTests.RetryFixtureXCTests/testFailsOnce", "RetryFixtureTests.RetryFixtureTests/failsOnce()"]
        let status = try await offThePool { try bundle.run(tests, runner: runner) }
        #expect(status == 0)
        let console = try String(contentsOfFile: runner.consolePath, encoding: .utf8)
        #expect(console.contains("Test Case 'RetryFixtureXCTests.testFailsOnce' skipped"), "\(console)")
        let document = try SpecDocument.read(eventStream: runner.eventStreamPath, attachmentsFolder: runner.attachmentsPath, title: "t")
            .addingXCTest(console: runner.consolePath)
        // `failsOnce()` alone: the exact filter does not take `oneCaseFailsOnce(number:)` with it.
        #expect(document.run.tests.map(\.name).sorted() == ["failsOnce()", "testFailsOnce"])
        #expect(document.run.tests.allSatisfy { $0.outcome == .skipped })
    }

    @Test("a level of XCTest tests only has an empty stream; a missing binary is named, with what to do")
    func xcTestOnlyAndMissing() async throws {
        let bundle = TestBundle(path: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        let runner = SwiftTestRunner(packagePath: FileManager.default.currentDirectoryPath, workFolder: scratch.path("xctest"), onLine: { _ in })
        let status = try await offThePool { try bundle.run(["RetryFixtureTests.RetryFixtureXCTests/testFailsOnce"], runner: runner) }
        #expect(status == 0)
        #expect(FileManager.default.contents(atPath: runner.eventStreamPath) == Data())
        let missing = scratch.path("nowhere/PackageTests.xctest")
        let error = #expect(throws: SpecError.self) { try TestBundle(path: missing).list(streamPath: scratch.path("l.jsonl")) }
        #expect(error.map { "\($0)" }?.contains("no test binary at \(missing): build the package's tests first") == true, "\(String(describing: error))")
    }
}
