import Foundation
import PyramidIO
import PyramidTestSupport
import Testing

@Suite("A folder staged beside its destination")
struct StagedFolderTests {
    private let scratchFolder = TemporaryFolder("staged-folder")
    var folder: String { scratchFolder.path }

    @Test("written beside the destination, renamed into place whole, its missing parent made; nothing else is left")
    func commits() throws {
        let staged = StagedFolder(destination: folder + "/out/合併")
        defer { staged.discard() }
        #expect((staged.path as NSString).deletingLastPathComponent == folder + "/out")
        try FileManager.default.createDirectory(atPath: staged.path + "/run", withIntermediateDirectories: true)
        try AtomicFile.write(Array("spec".utf8), to: staged.path + "/run/spec.md")
        #expect(!FileManager.default.fileExists(atPath: staged.destination), "nothing at the destination before the commit")
        try staged.commit()
        #expect(try String(contentsOfFile: folder + "/out/合併/run/spec.md", encoding: .utf8) == "spec")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/out") == ["合併"])
    }

    @Test("a failure before the commit leaves nothing; a destination that appeared meanwhile is not replaced, and the error names it")
    func failures() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        do {
            let staged = StagedFolder(destination: folder + "/abandoned")
            defer { staged.discard() }
            try FileManager.default.createDirectory(atPath: staged.path, withIntermediateDirectories: true)
            try AtomicFile.write([1, 2, 3], to: staged.path + "/half")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)

        let staged = StagedFolder(destination: folder + "/taken")
        defer { staged.discard() }
        try FileManager.default.createDirectory(atPath: staged.path, withIntermediateDirectories: true)
        try AtomicFile.write(Array("new".utf8), to: staged.path + "/file")
        try FileManager.default.createDirectory(atPath: folder + "/taken", withIntermediateDirectories: true)
        try AtomicFile.write(Array("old".utf8), to: folder + "/taken/file")
        #expect {
            try staged.commit()
        } throws: { error in
            (error as? FileError)?.path == folder + "/taken"
        }
        #expect(try String(contentsOfFile: folder + "/taken/file", encoding: .utf8) == "old")
    }
}
