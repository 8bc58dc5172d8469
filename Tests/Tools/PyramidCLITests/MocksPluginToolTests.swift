import Foundation
import PyramidTestSupport
import Testing

/// The mocks build plugin's tool (`PyramidMocksPluginTool`, built beside `pyramid`): the plugin's
/// arguments in, the mocks file out; anything else a clear error and exit status 2.
@Suite("The mocks plugin's tool", .timeLimit(.minutes(5)))
struct MocksPluginToolTests {
    static var tool: URL { CLI.executable.deletingLastPathComponent().appendingPathComponent("PyramidMocksPluginTool") }

    @Test("the plugin's arguments: one file of mocks, the modules imported with @testable, a warning for what cannot be mocked")
    func generates() async throws {
        let folder = TemporaryFolder("mocks-plugin-tool", create: true)
        try """
            /// @mockable
            protocol Greeter {
                func greet(_ name: String) -> String
            }
            /// @mockable(typealias: T = String])
            protocol Store {
                associatedtype T
            }
            """.write(toFile: folder.path("Greeter.swift"), atomically: true, encoding: .utf8)
        let output = folder.path("out/GeneratedMocks.swift")
        let run = try await CLI.runProcess(Self.tool, [
            "--output", output, "--cache-dir", folder.path("cache"), "--testable-import", "Greeting", "--testable-import", "Core",
            "--", folder.path("Greeter.swift"),
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.isEmpty, "the plugin's tool prints nothing on success: \(run.stdout)")
        let mocks = try String(contentsOfFile: output, encoding: .utf8)
        #expect(mocks.contains("@testable import Greeting"))
        #expect(mocks.contains("@testable import Core"))
        #expect(mocks.contains("class GreeterMock: Greeter"))
        #expect(mocks.contains("greetCallCount"))
        #expect(mocks.contains("class StoreMock: Store"))
        #expect(run.stderr.contains("Greeter.swift:6:"), "the warning says where: \(run.stderr)")
        #expect(run.stderr.contains("'String]' is not a type; ignored"), "\(run.stderr)")
    }

    @Test("arguments that are not the plugin's: the reason and the usage, exit status 2, nothing written", arguments: [
        ([], "--output is missing"),
        (["--output", "X.swift", "--", "A.swift"], "--cache-dir is missing"),
        (["--output", "X.swift", "--cache-dir", "c"], "no source file after --"),
        (["--output", "--cache-dir", "c", "--", "A.swift"], "--output needs a value"),
        (["-d", "X.swift"], "unknown argument '-d'"),
    ])
    func refuses(arguments: [String], reason: String) async throws {
        let folder = TemporaryFolder("mocks-plugin-tool", create: true)
        let run = try await CLI.runProcess(Self.tool, arguments, in: URL(fileURLWithPath: folder.path))
        #expect(run.status == 2)
        #expect(run.stderr.contains("PyramidMocksPluginTool: \(reason)"), "\(run.stderr)")
        #expect(run.stderr.contains("usage: --output FILE --cache-dir DIR"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("a source that cannot be read: its path in the error, exit status 2, no output")
    func unreadableSource() async throws {
        let folder = TemporaryFolder("mocks-plugin-tool", create: true)
        let output = folder.path("GeneratedMocks.swift")
        let run = try await CLI.runProcess(Self.tool, [
            "--output", output, "--cache-dir", folder.path("cache"), "--", folder.path("Missing.swift"),
        ])
        #expect(run.status == 2)
        #expect(run.stderr.contains("Missing.swift"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output))
    }
}
