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
}
