import Foundation
import PyramidIO
import PyramidTestSupport
import Testing

@Suite("Atomic files and directory locks")
struct FileTests {
    private let scratchFolder = TemporaryFolder("pyramid-io")
    var folder: String { scratchFolder.path }

    @Test("an atomic write replaces the file whole and leaves nothing else")
    func atomicWrite() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/file.json"
        try AtomicFile.write(Array("old".utf8), to: path)
        try AtomicFile.write(Array("new".utf8), to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["file.json"])
        #expect(throws: FileError.self) { try AtomicFile.write([1], to: folder + "/missing/dir/file") }
    }

    @Test("an empty file and a name in Japanese are written whole; a folder in the way is an error naming the path, and leaves no temporary file")
    func atomicWriteEdges() throws {
        try FileManager.default.createDirectory(atPath: folder + "/taken", withIntermediateDirectories: true)
        try AtomicFile.write([UInt8](), to: folder + "/empty")
        try AtomicFile.write("記事 ✓", to: folder + "/記事.txt")
        #expect(FileManager.default.contents(atPath: folder + "/empty") == Data())
        #expect(try String(contentsOfFile: folder + "/記事.txt", encoding: .utf8) == "記事 ✓")
        do {
            try AtomicFile.write(Array("new".utf8), to: folder + "/taken")
            Issue.record("a file was written over a folder")
        } catch {
            #expect(error.path == folder + "/taken")
            #expect(error.reason == String(cString: strerror(EISDIR)))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["empty", "taken", "記事.txt"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/taken") == [])
    }

    @Test("the lock serialises read-modify-write across threads")
    func lockSerialises() async throws {
        let counter = folder + "/counter"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try AtomicFile.write(Array("0".utf8), to: counter)
        let folder = self.folder
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<25 {
                        try? DirectoryLock.withLock(on: folder) { () throws(FileError) in
                            let value = Int((try? String(contentsOfFile: counter, encoding: .utf8)) ?? "") ?? -1000
                            try AtomicFile.write(Array(String(value + 1).utf8), to: counter)
                        }
                    }
                }
            }
        }
        #expect(try String(contentsOfFile: counter, encoding: .utf8) == "200")
    }

    @Test("a lock on a path that cannot be a folder is a clear error")
    func lockFailure() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try AtomicFile.write([1], to: folder + "/plain")
        do {
            try DirectoryLock.withLock(on: folder + "/plain/sub") { () throws(FileError) in }
            Issue.record("locking under a plain file succeeded")
        } catch {
            guard case .lock(let failure) = error else {
                Issue.record("expected a lock failure, got \(error)")
                return
            }
            #expect(failure.path == folder + "/plain/sub")
        }
    }
}
