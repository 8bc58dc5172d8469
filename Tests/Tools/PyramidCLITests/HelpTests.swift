import Foundation
import PyramidTestSupport
import Testing

/// Every command's `--help` as a user reads it: each option's default said once, and no word
/// from our own planning documents.
@Suite("pyramid --help")
struct HelpTests {
    /// The commands `pyramid --help` lists, with `stubs`'s own subcommand.
    static let commands = [
        ["demo"], ["merge"], ["mocks"], ["spec"], ["mutants"], ["flaky"], ["trends"], ["diff"], ["catalog"], ["gallery"], ["review"], ["stubs", "serve"], ["prune"], ["report"], ["trace"],
    ]

    /// The help's options, each with its wrapped lines joined.
    static func options(_ help: String) -> [String] {
        var blocks: [String] = []
        var inOptions = false
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasSuffix(":") && !line.hasPrefix(" ") { inOptions = line.hasSuffix("OPTIONS:") || line.hasSuffix("ARGUMENTS:"); continue }
            guard inOptions, !line.isEmpty else { continue }
            let text = line.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("  ") && !line.hasPrefix("    ") || blocks.isEmpty {
                blocks.append(text)
            } else {
                blocks[blocks.count - 1] += " " + text
            }
        }
        return blocks
    }

    @Test("pyramid --help lists exactly the commands this test reads")
    func commandList() async throws {
        let help = try await CLI.run(["--help"])
        let listed = help.stdout.components(separatedBy: "SUBCOMMANDS:").last?.split(separator: "\n")
            .compactMap { $0.hasPrefix("  ") && !$0.hasPrefix("    ") ? $0.split(separator: " ").first.map(String.init) : nil }
            .filter { $0.first?.isLowercase == true } ?? []
        #expect(Set(listed) == Set(Self.commands.map { $0[0] }), "\(listed)")
    }

    @Test("each option says its default at most once, and no help mentions a seed", arguments: commands)
    func defaultsOnce(_ command: [String]) async throws {
        let run = try await CLI.run(command + ["--help"])
        #expect(run.status == 0)
        let options = Self.options(run.stdout)
        #expect(options.count >= 2, "\(run.stdout)")
        for option in options {
            #expect(option.components(separatedBy: "(default:").count - 1 <= 1, "\(option)")
        }
        #expect(!run.stdout.lowercased().contains("seed"), "\(run.stdout)")
    }
}
