import Foundation
import MockGen
import MockModel

/// One folder under `Fixtures/`: input sources, optional `Arguments.txt` flags, the
/// expected mocks (`Expected.swift`) and expected warnings (`Warnings.txt`).
struct GoldenFixture: CustomStringConvertible, Sendable {
    let name: String
    let directory: URL

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static var all: [GoldenFixture] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return names.sorted().map { GoldenFixture(name: $0, directory: root.appendingPathComponent($0)) }
    }

    var description: String { name }

    /// `Input.swift`, `Input2.swift`, …: every Swift file but the expected output and any program.
    var inputs: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasPrefix("Input") && $0.hasSuffix(".swift") }.sorted()
            .map { directory.appendingPathComponent($0).path }
    }

    var expectedPath: String { directory.appendingPathComponent("Expected.swift").path }
    var warningsPath: String { directory.appendingPathComponent("Warnings.txt").path }
    /// A program that exercises the mocks at run time, if the fixture has one.
    var programPath: String? {
        let path = directory.appendingPathComponent("Program.swift").path
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }

    var arguments: [String] {
        let path = directory.appendingPathComponent("Arguments.txt").path
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return text.split(whereSeparator: { $0 == " " || $0.isNewline }).map(String.init)
    }

    var options: RenderOptions {
        RenderOptions(mockFinal: arguments.contains("--mock-final"), argumentsHistory: arguments.contains("--enable-args-history"))
    }

    /// The generated mocks and the warnings (paths relative to the fixture), with no cache.
    func generate() throws -> (output: String, warnings: String) {
        let destination = FileManager.default.temporaryDirectory
            .appendingPathComponent("pyramid-golden-\(UUID().uuidString)/Mocks.swift").path
        defer { try? FileManager.default.removeItem(atPath: (destination as NSString).deletingLastPathComponent) }
        let report = try MockGenerator.run(MockGenerationRequest(
            sources: inputs, destination: destination, options: options, concurrency: 2, cacheDirectory: nil))
        let output = try String(contentsOfFile: destination, encoding: .utf8)
        let warnings = report.diagnostics.map { $0.description.replacingOccurrences(of: directory.path + "/", with: "") }
        return (output, warnings.isEmpty ? "" : warnings.joined(separator: "\n") + "\n")
    }

    /// Whether goldens are rewritten instead of compared (`PYRAMID_RECORD_GOLDENS=1`).
    static var recording: Bool { ProcessInfo.processInfo.environment["PYRAMID_RECORD_GOLDENS"] == "1" }
}
