import Foundation
import MockGen
import MockModel
import PyramidTestSupport
import Testing

/// The driver: caching, writing only what changed, per-file output, and bad input.
@Suite("Mock generator runs", .ownThread)
struct MockGeneratorTests {
    /// A scratch project: `Sources/` with files, an output and a cache folder.
    final class Project {
        private let folder = TemporaryFolder("pyramid-mocks")
        var root: URL { folder.url }

        init() throws {
            try FileManager.default.createDirectory(at: root.appendingPathComponent("Sources"), withIntermediateDirectories: true)
        }

        func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

        @discardableResult
        func write(_ relative: String, _ text: String) throws -> String {
            let url = root.appendingPathComponent(relative)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
            return url.path
        }

        func sources() throws -> [String] {
            try SourceDiscovery.files(directories: [path("Sources")], files: [], fileList: nil, excludeSuffixes: [])
        }

        @discardableResult
        func run(perFile: Bool = false, destination: String? = nil, concurrency: Int = 2, cache: Bool = true) throws -> MockGenerationReport {
            try MockGenerator.run(MockGenerationRequest(
                sources: try sources(), destination: destination ?? path(perFile ? "Mocks" : "Mocks/Mocks.swift"),
                perFile: perFile, concurrency: concurrency, cacheDirectory: cache ? path("cache") : nil))
        }

        func inode(_ relative: String) throws -> UInt64 {
            let attributes = try FileManager.default.attributesOfItem(atPath: path(relative))
            return (attributes[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0
        }
    }

    static let service = """
        /// @mockable
        protocol Service {
            func load(id: Int) async throws -> String
        }
        """

    @Test("an unchanged rerun is up to date and rewrites nothing")
    func unchangedRerun() throws {
        let project = try Project()
        try project.write("Sources/Service.swift", Self.service)
        let first = try project.run()
        #expect(first.written == [project.path("Mocks/Mocks.swift")])
        #expect(!first.upToDate)
        let inode = try project.inode("Mocks/Mocks.swift")

        let second = try project.run()
        #expect(second.upToDate)
        #expect(second.written.isEmpty)
        #expect(try project.inode("Mocks/Mocks.swift") == inode, "the file was not replaced")
    }

    @Test("a change that leaves the mocks the same regenerates but does not rewrite the output")
    func sameOutputNotRewritten() throws {
        let project = try Project()
        try project.write("Sources/Service.swift", Self.service)
        try project.run()
        let inode = try project.inode("Mocks/Mocks.swift")
        try project.write("Sources/Service.swift", Self.service + "\n// a comment changes the content, not the mocks\n")
        let report = try project.run()
        #expect(!report.upToDate)
        #expect(report.written.isEmpty)
        #expect(report.unchanged == [project.path("Mocks/Mocks.swift")])
        #expect(try project.inode("Mocks/Mocks.swift") == inode)
    }

    @Test("a changed protocol, an edited output or a corrupt cache each regenerate")
    func invalidation() throws {
        let project = try Project()
        try project.write("Sources/Service.swift", Self.service)
        try project.run()

        try project.write("Sources/Service.swift", Self.service.replacingOccurrences(of: "load(id: Int)", with: "load(key: String)"))
        let changed = try project.run()
        #expect(changed.written.count == 1)
        #expect(try String(contentsOfFile: project.path("Mocks/Mocks.swift"), encoding: .utf8).contains("func load(key: String)"))

        try "edited by hand".write(toFile: project.path("Mocks/Mocks.swift"), atomically: true, encoding: .utf8)
        let repaired = try project.run()
        #expect(!repaired.upToDate && repaired.written.count == 1)

        let cacheFiles = try FileManager.default.contentsOfDirectory(atPath: project.path("cache"))
        try #require(!cacheFiles.isEmpty, "the runs left no cache to corrupt")
        for file in cacheFiles { try "{ not json".write(toFile: project.path("cache/\(file)"), atomically: true, encoding: .utf8) }
        let afterCorruption = try project.run()
        #expect(!afterCorruption.upToDate)
        #expect(afterCorruption.cacheWarning == nil)
        #expect(try project.run().upToDate, "the cache is rebuilt")
    }

    @Test("a changed mock file (--mockfiles) regenerates: its members are part of the output")
    func mockFileInvalidates() throws {
        let project = try Project()
        try project.write("Sources/Child.swift", "/// @mockable\nprotocol Child: Parent {\n    func run()\n}\n")
        let mockFile = try project.write("Other/ParentMock.swift", "class ParentMock: Parent {\n    var first = 1\n}\n")
        func run() throws -> MockGenerationReport {
            var request = MockGenerationRequest(
                sources: try project.sources(), destination: project.path("Mocks/Mocks.swift"), concurrency: 2,
                cacheDirectory: project.path("cache"))
            request.mockFiles = [mockFile]
            return try MockGenerator.run(request)
        }
        _ = try run()
        #expect(try run().upToDate)
        try project.write("Other/ParentMock.swift", "class ParentMock: Parent {\n    var second = 2\n}\n")
        let changed = try run()
        #expect(!changed.upToDate && changed.written.count == 1)
        let output = try String(contentsOfFile: project.path("Mocks/Mocks.swift"), encoding: .utf8)
        #expect(output.contains("var second = 2") && !output.contains("var first"))
    }

    @Test("per-file output mirrors the source tree and removes only its own stale files")
    func perFile() throws {
        let project = try Project()
        try project.write("Sources/Network/Service.swift", Self.service)
        try project.write("Sources/Storage/Store.swift", "/// @mockable\nprotocol Store {\n    func save()\n}\n")
        try project.write("Sources/Plain.swift", "struct Plain {}\n")
        try project.write("Mocks/HandWrittenMocks.swift", "// mine\n")
        let report = try project.run(perFile: true)
        #expect(report.written == [project.path("Mocks/Network/ServiceMocks.swift"), project.path("Mocks/Storage/StoreMocks.swift")])

        try project.write("Sources/Storage/Store.swift", "struct NotAProtocolAnyMore {}\n")
        let second = try project.run(perFile: true)
        #expect(second.removed == [project.path("Mocks/Storage/StoreMocks.swift")])
        #expect(FileManager.default.fileExists(atPath: project.path("Mocks/HandWrittenMocks.swift")), "files we did not write stay")
    }

    @Test("output does not depend on the number of threads")
    func deterministicAcrossThreads() throws {
        let project = try Project()
        for index in 0..<12 {
            try project.write("Sources/File\(index).swift", "/// @mockable\nprotocol P\(index) {\n    func run\(index)(value: Int) -> String\n}\n")
        }
        try project.run(destination: project.path("one.swift"), concurrency: 1, cache: false)
        try project.run(destination: project.path("four.swift"), concurrency: 4, cache: false)
        let one = try String(contentsOfFile: project.path("one.swift"), encoding: .utf8)
        let four = try String(contentsOfFile: project.path("four.swift"), encoding: .utf8)
        #expect(one == four)
        #expect(one.contains("class P11Mock"))
    }

    @Test("a missing source is an error naming it; an unwritable destination too")
    func errors() throws {
        let project = try Project()
        #expect(throws: MockGenError.input("source file '\(project.path("Sources/Nope.swift"))' does not exist")) {
            try SourceDiscovery.files(directories: [], files: [project.path("Sources/Nope.swift")], fileList: nil, excludeSuffixes: [])
        }
        #expect(throws: MockGenError.self) {
            try SourceDiscovery.files(directories: [project.path("Missing")], files: [], fileList: nil, excludeSuffixes: [])
        }
        try project.write("Sources/Service.swift", Self.service)
        try FileManager.default.createDirectory(atPath: project.path("AFolder"), withIntermediateDirectories: true)
        do {
            _ = try project.run(destination: project.path("AFolder"), cache: false)
            Issue.record("writing over a folder succeeded")
        } catch {
            #expect("\(error)".contains(project.path("AFolder")))
        }
    }

    @Test("a file that is not UTF-8 is a warning and everything else still generates")
    func notUTF8() throws {
        let project = try Project()
        try project.write("Sources/Service.swift", Self.service)
        try Data([0xff, 0xfe, 0x00, 0x41]).write(to: URL(fileURLWithPath: project.path("Sources/Binary.swift")))
        let report = try project.run(cache: false)
        #expect(report.diagnostics.map(\.message) == ["not UTF-8 text; skipped"])
        #expect(report.mocks == 1)
    }

    @Test("exclude suffixes and a file list select the sources as mockolo's flags do")
    func discovery() throws {
        let project = try Project()
        let kept = try project.write("Sources/Service.swift", Self.service)
        try project.write("Sources/ServiceMocks.swift", "// generated\n")
        try project.write("Sources/ServiceTests.swift", "// tests\n")
        let found = try SourceDiscovery.files(
            directories: [project.path("Sources")], files: [], fileList: nil, excludeSuffixes: ["Mocks", "Tests"])
        #expect(found == [kept])
        let list = try project.write("files.txt", "\(kept)\n\n")
        #expect(try SourceDiscovery.files(directories: [], files: [], fileList: list, excludeSuffixes: []) == [kept])
    }
}
