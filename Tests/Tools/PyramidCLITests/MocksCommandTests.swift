import Foundation
import PyramidTestSupport
import Testing

@Suite("pyramid mocks")
struct MocksCommandTests {
    @Test("mockolo's spellings: -srcs, -d, -i, -c, --header, --mock-final, --enable-args-history, -j, -x")
    func mockoloFlags() async throws {
        let folder = TemporaryFolder("pyramid-cli", create: true)
        try "/// @mockable\nprotocol Clock {\n    func now() -> Double\n}\n".write(toFile: folder.path("Clock.swift"), atomically: true, encoding: .utf8)
        try "/// @mockable\nprotocol Ignored {}\n".write(toFile: folder.path("ClockTests.swift"), atomically: true, encoding: .utf8)
        let run = try await CLI.run([
            "mocks", "-srcs", folder.path("Clock.swift"), "-s", folder.url.path, "-x", "Tests", "-d", folder.path("Out/Mocks.swift"),
            "-i", "App", "-c", "Dependencies", "--header", "// Copyright", "--mock-final", "--enable-args-history", "-j", "1", "--no-cache",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("1 mock from 1 file "))
        let output = try String(contentsOfFile: folder.path("Out/Mocks.swift"), encoding: .utf8)
        #expect(output.hasPrefix("// Copyright\n"))
        #expect(output.contains("@testable import App"))
        #expect(output.contains("import Dependencies"))
        #expect(output.contains("final class ClockMock: Clock"))
        #expect(!output.contains("IgnoredMock"))
    }

    @Test("warnings carry file:line and go to stderr; the rest still generates")
    func warnings() async throws {
        let folder = TemporaryFolder("pyramid-cli", create: true)
        try "/// @mockable\nprotocol Broken {\n    func f(\n}\n\n/// @mockable\nprotocol Fine {\n    func g()\n}\n"
            .write(toFile: folder.path("Mixed.swift"), atomically: true, encoding: .utf8)
        let run = try await CLI.run(["mocks", "-srcs", folder.path("Mixed.swift"), "-d", folder.path("Mocks.swift"), "--no-cache"])
        #expect(run.status == 0)
        #expect(run.stderr.contains("\(folder.path("Mixed.swift")):2:10: warning: protocol 'Broken' has syntax errors"))
        let output = try String(contentsOfFile: folder.path("Mocks.swift"), encoding: .utf8)
        #expect(output.contains("class FineMock"))
        #expect(!output.contains("BrokenMock"))
    }

    @Test("no sources, a missing file or a bad -j is a clear error with a non-zero exit")
    func badInput() async throws {
        let folder = TemporaryFolder("pyramid-cli", create: true)
        let none = try await CLI.run(["mocks", "-d", folder.path("Mocks.swift")])
        #expect(none.status != 0)
        #expect(none.stderr.contains("-srcs/--sourcefiles"))
        let missing = try await CLI.run(["mocks", "-srcs", folder.path("Nope.swift"), "-d", folder.path("Mocks.swift")])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("Nope.swift' does not exist"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("Mocks.swift")))
        let threads = try await CLI.run(["mocks", "-srcs", folder.path("Nope.swift"), "-d", folder.path("M.swift"), "-j", "0"])
        #expect(threads.status != 0)
        #expect(threads.stderr.contains("concurrency-limit"))
    }

    @Test("a second run with the cache is up to date")
    func cacheRerun() async throws {
        let folder = TemporaryFolder("pyramid-cli", create: true)
        try "/// @mockable\nprotocol Clock {\n    func now() -> Double\n}\n".write(toFile: folder.path("Clock.swift"), atomically: true, encoding: .utf8)
        let arguments = ["mocks", "-srcs", folder.path("Clock.swift"), "-d", folder.path("Mocks.swift"), "--cache-dir", folder.path("cache")]
        #expect(try await CLI.run(arguments).stdout.contains("1 written"))
        #expect(try await CLI.run(arguments).stdout.contains("up to date"))
    }

    @Test("mockolo's other flags: --macro, --allow-set-call-count, --use-template-func, -mocks, --mock-filelist")
    func moreMockoloFlags() async throws {
        let folder = TemporaryFolder("pyramid-cli", create: true)
        try "/// @mockable\nprotocol Child: Parent {\n    func run()\n}\n"
            .write(toFile: folder.path("Child.swift"), atomically: true, encoding: .utf8)
        try "class ParentMock: Parent {\n    var parentValue = 1\n}\n"
            .write(toFile: folder.path("ParentMock.swift"), atomically: true, encoding: .utf8)
        try folder.path("ParentMock.swift").write(toFile: folder.path("mocks.txt"), atomically: true, encoding: .utf8)
        for mocks in [["-mocks", folder.path("ParentMock.swift")], ["--mock-filelist", folder.path("mocks.txt")]] {
            let run = try await CLI.run([
                "mocks", "-srcs", folder.path("Child.swift"), "-d", folder.path("Mocks.swift"), "--no-cache", "--macro", "MOCKS",
                "--allow-set-call-count", "--use-template-func",
            ] + mocks)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(!run.stderr.contains("Parent"), "the parent is known from its mock: \(run.stderr)")
            let output = try String(contentsOfFile: folder.path("Mocks.swift"), encoding: .utf8)
            #expect(output.contains("#if MOCKS\n"))
            #expect(output.hasSuffix("#endif\n"))
            #expect(output.contains("    var runCallCount = 0"))
            #expect(output.contains("mockFunc(&runCallCount)"))
            #expect(output.contains("var parentValue = 1"))
        }
    }

    @Test("a missing mock file or an empty --macro is a clear error, and nothing is written")
    func badMockoloFlags() async throws {
        let folder = TemporaryFolder("pyramid-cli", create: true)
        try "/// @mockable\nprotocol Clock {\n    func now() -> Double\n}\n".write(toFile: folder.path("Clock.swift"), atomically: true, encoding: .utf8)
        let missing = try await CLI.run([
            "mocks", "-srcs", folder.path("Clock.swift"), "-d", folder.path("Mocks.swift"), "--mockfiles", folder.path("Gone.swift"),
        ])
        #expect(missing.status != 0)
        #expect(missing.stderr.contains("mock file \(folder.path("Gone.swift")): cannot be read"))
        let macro = try await CLI.run(["mocks", "-srcs", folder.path("Clock.swift"), "-d", folder.path("Mocks.swift"), "--macro", " "])
        #expect(macro.status != 0)
        #expect(macro.stderr.contains("--macro"))
        #expect(!FileManager.default.fileExists(atPath: folder.path("Mocks.swift")))
    }

    @Test("--disable-combine-default-values leaves publishers plain; an annotated class needs --mock-all, and says so")
    func publishersAndClasses() async throws {
        let folder = TemporaryFolder("pyramid-cli", create: true)
        try "/// @mockable\nprotocol Feed {\n    var items: AnyPublisher<Int, Never> { get }\n}\n\n/// @mockable\nclass Store {\n    func load() {}\n}\n"
            .write(toFile: folder.path("Feed.swift"), atomically: true, encoding: .utf8)
        let plain = try await CLI.run([
            "mocks", "-srcs", folder.path("Feed.swift"), "-d", folder.path("Mocks.swift"), "--no-cache", "--disable-combine-default-values",
        ])
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stderr.contains("Feed.swift:7:7: warning: class 'Store' is annotated, but classes are mocked only with --mock-all"))
        let output = try String(contentsOfFile: folder.path("Mocks.swift"), encoding: .utf8)
        #expect(output.contains("private var _items: AnyPublisher<Int, Never>!"))
        #expect(!output.contains("Subject") && !output.contains("StoreMock"))

        let both = try await CLI.run(["mocks", "-srcs", folder.path("Feed.swift"), "-d", folder.path("Mocks.swift"), "--no-cache", "--mock-all"])
        #expect(both.status == 0 && !both.stderr.contains("warning"), "\(both.stderr)")
        let mocked = try String(contentsOfFile: folder.path("Mocks.swift"), encoding: .utf8)
        #expect(mocked.contains("private(set) var itemsSubject = PassthroughSubject<Int, Never>()"))
        #expect(mocked.contains("class StoreMock: Store {") && mocked.contains("override func load()"))
    }

    @Test("a module imported only under #if is imported @testable under the same condition")
    func conditionalTestableImport() async throws {
        let folder = TemporaryFolder("pyramid-cli", create: true)
        try "#if canImport(Network)\nimport App\n#endif\nimport Shared\n\n/// @mockable\nprotocol Clock {\n    func now() -> Double\n}\n"
            .write(toFile: folder.path("Clock.swift"), atomically: true, encoding: .utf8)
        let run = try await CLI.run([
            "mocks", "-srcs", folder.path("Clock.swift"), "-d", folder.path("Mocks.swift"), "--no-cache", "-i", "App", "Shared", "Other",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let output = try String(contentsOfFile: folder.path("Mocks.swift"), encoding: .utf8)
        #expect(output.contains("#if canImport(Network)\n@testable import App\n#endif"))
        #expect(output.components(separatedBy: "@testable import App").count == 2, "App is imported once, under its condition")
        #expect(output.contains("\n@testable import Shared\n") && output.contains("\n@testable import Other\n"))
    }
}
