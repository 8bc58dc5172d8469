import Foundation
import PyramidTestSupport
import MockGen
import MockModel

/// One folder under `Fixtures/`: input sources, optional `Arguments.txt` flags, the
/// expected mocks (`Expected.swift`) and expected warnings (`Warnings.txt`).
struct GoldenFixture: CustomStringConvertible, Sendable {
    /// A fixture folder that is missing, empty or malformed, so the tests over it cannot run.
    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    let name: String
    let directory: URL

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// Every fixture, sorted by name. A missing or unreadable `Fixtures/` folder, or one
    /// with no fixture in it, is an error, so no test over the fixtures passes on none.
    static func all() throws -> [GoldenFixture] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: root.path)
        } catch {
            throw Problem(description: "the golden fixtures folder \(root.path) cannot be read: \(error)")
        }
        let fixtures = names.filter { !$0.hasPrefix(".") }.sorted()
            .map { GoldenFixture(name: $0, directory: root.appendingPathComponent($0)) }
        guard !fixtures.isEmpty else { throw Problem(description: "no golden fixtures in \(root.path)") }
        return fixtures
    }

    /// The fixtures `isIncluded` selects; none is an error, so a test over them cannot
    /// pass on nothing when a fixture is renamed or loses its program.
    static func all(where isIncluded: (GoldenFixture) -> Bool, _ what: String) throws -> [GoldenFixture] {
        let selected = try all().filter(isIncluded)
        guard !selected.isEmpty else { throw Problem(description: "no golden fixture in \(root.path) \(what)") }
        return selected
    }

    var description: String { name }

    /// `Input.swift`, `Input2.swift`, …: every Swift file but the expected output and any
    /// program. A fixture folder that cannot be read or has no input is an error.
    func inputs() throws -> [String] {
        let files: [String]
        do {
            files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw Problem(description: "fixture \(name): its folder \(directory.path) cannot be read: \(error)")
        }
        let inputs = files.filter { $0.hasPrefix("Input") && $0.hasSuffix(".swift") }.sorted()
        guard !inputs.isEmpty else { throw Problem(description: "fixture \(name): no Input*.swift in \(directory.path)") }
        return inputs.map { directory.appendingPathComponent($0).path }
    }

    var expectedPath: String { directory.appendingPathComponent("Expected.swift").path }
    var warningsPath: String { directory.appendingPathComponent("Warnings.txt").path }
    /// A program that exercises the mocks at run time, if the fixture has one.
    var programPath: String? {
        let path = directory.appendingPathComponent("Program.swift").path
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    /// The flags `Arguments.txt` that fixtures may give; any other is a typo, not an option left off.
    static let knownArguments: Set<String> = [
        "--mock-final", "--enable-args-history", "--allow-set-call-count", "--use-template-func", "--mock-all",
    ]

    /// The flags in `Arguments.txt`; none when the fixture has no such file. An
    /// unreadable file or an unknown flag is an error.
    func arguments() throws -> [String] {
        let path = directory.appendingPathComponent("Arguments.txt").path
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        let text: String
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw Problem(description: "fixture \(name): \(path) cannot be read: \(error)")
        }
        let arguments = text.split(whereSeparator: { $0 == " " || $0.isNewline }).map(String.init)
        if let unknown = arguments.first(where: { !Self.knownArguments.contains($0) }) {
            throw Problem(description: "fixture \(name): unknown flag '\(unknown)' in \(path)")
        }
        return arguments
    }

    func options() throws -> RenderOptions {
        let arguments = try arguments()
        var options = RenderOptions(
            mockFinal: arguments.contains("--mock-final"), argumentsHistory: arguments.contains("--enable-args-history"))
        options.allowSetCallCount = arguments.contains("--allow-set-call-count")
        options.useTemplateFunc = arguments.contains("--use-template-func")
        options.mockClasses = arguments.contains("--mock-all")
        return options
    }

    /// Files of the fixture whose name starts with `prefix`, sorted.
    func files(prefixed prefix: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasPrefix(prefix) && $0.hasSuffix(".swift") }.sorted()
            .map { directory.appendingPathComponent($0).path }
    }

    /// `ParentMocks*.swift`: mocks from "another module", given as `--mockfiles`.
    func mockFiles() throws -> [String] { try files(prefixed: "ParentMocks") }

    /// Files compiled with the mocks but not read as sources: the other module's
    /// protocols (`Module*.swift`) and its mocks.
    func supportFiles() throws -> [String] { try files(prefixed: "Module") + mockFiles() }

    /// The expected warnings: `Warnings.txt`, or none when the fixture has no such file.
    func expectedWarnings() throws -> String {
        guard FileManager.default.fileExists(atPath: warningsPath) else { return "" }
        return try String(contentsOfFile: warningsPath, encoding: .utf8)
    }

    /// The generated mocks and the warnings (paths relative to the fixture), with no cache.
    func generate() throws -> (output: String, warnings: String) {
        let folder = TemporaryFolder("pyramid-golden")
        let destination = folder.path("Mocks.swift")
        var request = MockGenerationRequest(
            sources: try inputs(), destination: destination, options: try options(), concurrency: 2, cacheDirectory: nil)
        request.mockFiles = try mockFiles()
        let report = try MockGenerator.run(request)
        let output = try String(contentsOfFile: destination, encoding: .utf8)
        let warnings = report.diagnostics.map { $0.description.replacingOccurrences(of: directory.path + "/", with: "") }
        return (output, warnings.isEmpty ? "" : warnings.joined(separator: "\n") + "\n")
    }

    /// Whether goldens are rewritten instead of compared (`PYRAMID_RECORD_GOLDENS=1`).
    static var recording: Bool { ProcessInfo.processInfo.environment["PYRAMID_RECORD_GOLDENS"] == "1" }
}
