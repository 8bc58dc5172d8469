import Foundation
import PyramidIO

/// `Tests/Spec/CodeCoverageTests/Fixtures/CoverageFixture`, built once per test process with coverage in
/// `.build/test-fixtures/CoverageFixture` (kept between runs, so a second run is warm): a library,
/// an app that uses it, a unit test, and a test that reaches the library only by launching the app.
package enum CoverageFixture {
    /// The built fixture's folder.
    package static var folder: String { built.folder }
    /// Its test bundle, and its app.
    package static var binaries: [String] { [built.folder + "/.build/debug/CoverageFixturePackageTests.xctest", built.folder + "/.build/debug/greet"] }
    /// Its sources, the code under test.
    package static var sources: String { built.folder + "/Sources" }

    /// Builds it (once); throws with the build's output when it fails.
    package static func build() async throws {
        try await building.value
    }

    /// Runs `body` with the fixture to itself, once it is built. Every SwiftPM command on its
    /// build (`swift test`, `swift build`, even with `--skip-build`) plans the build and rewrites
    /// its files; with `--ignore-lock`, as the tests run them, one can read another's
    /// half-written plan and crash. Tests in any suite that run one take their turn here.
    package static func exclusively<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        try await build()
        return try await turn.withLease { _ in try await body() }
    }

    private final class Turn: Sendable {}
    private static let turn = LeasePool<Turn>(capacity: 1, make: { Turn() }, isUsable: { _ in true }, discard: { _ in })

    private struct Built: Sendable { var folder: String }
    private static let built = Built(folder: FileManager.default.currentDirectoryPath + "/.build/test-fixtures/CoverageFixture")

    private static let building = Task<Void, any Error> {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Spec/CodeCoverageTests/Fixtures/CoverageFixture").standardizedFileURL.path
        try await offThePool { try copyChanged(from: source, to: built.folder) }
        let run = try await Program.run("swift", ["build", "--package-path", built.folder, "--build-tests", "--enable-code-coverage"])
        guard run.status == 0 else { throw FixtureError(message: "the coverage fixture did not build:\n\(run.stdout)\n\(run.stderr)") }
    }

    /// Copies each file of `source` whose bytes differ from the copy's, so an unchanged file
    /// keeps its time and the build stays warm.
    private static func copyChanged(from source: String, to destination: String) throws {
        let manager = FileManager.default
        guard let files = manager.enumerator(atPath: source) else { throw FixtureError(message: "\(source) cannot be read") }
        for case let file as String in files {
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: source + "/" + file, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            let bytes = try Data(contentsOf: URL(fileURLWithPath: source + "/" + file))
            let target = destination + "/" + file
            if manager.contents(atPath: target) == bytes { continue }
            try manager.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try bytes.write(to: URL(fileURLWithPath: target), options: .atomic)
        }
    }

    /// Runs the fixture's tests matching `filter` (with `swift test`, ``exclusively(_:)``), their
    /// profiles (and the app's) written in `profiles`.
    package static func runTests(_ filter: String, profiles: String) async throws -> Program.Run {
        try FileManager.default.createDirectory(atPath: profiles, withIntermediateDirectories: true)
        return try await exclusively {
            try await Program.run(
                URL(fileURLWithPath: "/usr/bin/env"), ["swift", "test", "--package-path", folder, "--skip-build", "--ignore-lock", "--filter", filter],
                environment: ["LLVM_PROFILE_FILE": profiles + "/%p-%m.profraw"])
        }
    }

    /// The raw profiles in `folder`.
    package static func profiles(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".profraw") }.sorted().map { folder + "/" + $0 }
    }
}

package struct FixtureError: Error, CustomStringConvertible {
    package var message: String
    package var description: String { message }

    package init(message: String) {
        self.message = message
    }
}
