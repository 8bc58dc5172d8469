import Foundation
import PyramidTestSupport
import Testing

/// The README's first two commands are what a newcomer runs, in that order: they must stay
/// first, in the order that works on a fresh machine, and name commands that exist.
@Suite("README's first commands")
struct ReadmeCommandsTests {
    let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../README.md").standardized

    @Test("the README opens with the demo, then scripts/test, and both exist")
    func order() async throws {
        let text = try String(contentsOf: readme, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let fence = try #require(lines.firstIndex(of: "```sh"), "the README has no sh block")
        #expect(lines[..<fence].allSatisfy { $0.hasPrefix("#") || $0.isEmpty }, "only the title comes before the commands")
        let commands = lines[(fence + 1)...].prefix { $0 != "```" }.map { $0.components(separatedBy: "#")[0].trimmingCharacters(in: .whitespaces) }
        #expect(commands == ["swift run pyramid demo", "scripts/test"])

        let root = readme.deletingLastPathComponent()
        #expect(FileManager.default.isExecutableFile(atPath: root.appendingPathComponent("scripts/test").path))
        let ci = try String(contentsOf: root.appendingPathComponent(".ci/run"), encoding: .utf8)
        #expect(ci.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }.last == "exec scripts/test")
        let help = try await CLI.run(["demo", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("--no-install"), "\(help.stdout)")
    }

    /// The subcommands a `--help` lists under SUBCOMMANDS.
    static func subcommands(_ help: String) -> [String] {
        help.components(separatedBy: "SUBCOMMANDS:").dropFirst().first?.split(separator: "\n")
            .compactMap { $0.hasPrefix("  ") && !$0.hasPrefix("    ") ? $0.split(separator: " ").first.map(String.init) : nil }
            .filter { $0.first?.isLowercase == true } ?? []
    }

    @Test("the README's table lists every command pyramid --help lists, and each stubs subcommand")
    func everyCommandListed() async throws {
        let text = try String(contentsOf: readme, encoding: .utf8)
        let row = try #require(text.split(separator: "\n").first { $0.hasPrefix("| `pyramid` |") }, "the README has no `pyramid` row")
        let top = Self.subcommands(try await CLI.run(["--help"]).stdout)
        let stubs = Self.subcommands(try await CLI.run(["stubs", "--help"]).stdout)
        #expect(top.contains("flaky") && stubs == ["serve", "record", "verify"], "\(top) \(stubs)")
        for command in top.filter({ $0 != "stubs" }) + stubs.map({ "stubs \($0)" }) {
            #expect(row.contains("`\(command)`"), "the README's list of commands leaves out \(command)")
        }
    }
}
