import Foundation
import PyramidIO

extension StubRootDirectory {
    /// Makes `mappings/` and `__files/` and checks that a file can be written in each, so a
    /// recording that could not be saved fails before it starts, not after.
    ///
    /// - Throws: ``StubRootError/unwritable(path:reason:)`` naming the folder and why.
    public func prepareForWriting() throws(StubRootError) {
        for folder in [mappingsDirectory, filesDirectory] {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw .unwritable(path: folder, reason: FileError.describe(error))
            }
            let probe = (folder as NSString).appendingPathComponent(".pyramid-write-check-\(UUID().uuidString)")
            guard FileManager.default.createFile(atPath: probe, contents: Data()) else {
                throw .unwritable(path: folder, reason: String(cString: strerror(errno)))
            }
            try? FileManager.default.removeItem(atPath: probe)
        }
    }

    /// Writes a recording as WireMock writes one: each body under `__files/`, each stub as a
    /// mapping file `mappings/<name>-<id>.json` (pretty JSON). Each file is written whole
    /// (a temporary file, then a rename). Returns the mapping files written.
    ///
    /// - Throws: ``StubRootError/unwritable(path:reason:)``, or
    ///   ``StubRootError/notRepresentable(_:)`` for a stub with no WireMock form.
    @discardableResult
    public func write(_ recording: StubRecorder.Recording) throws(StubRootError) -> [String] {
        // Every mapping is made before anything is written: a stub with no WireMock form
        // leaves the root as it was.
        var mappings: [(path: String, text: String)] = []
        for stub in recording.stubs {
            do throws(WireMockEncodingError) {
                let mapping = try WireMockMapping.encode(stub, filesDirectory: filesDirectory)
                let path = (mappingsDirectory as NSString).appendingPathComponent("\(stub.name ?? "mapping")-\(stub.id.uuidString.lowercased()).json")
                mappings.append((path, mapping.prettyText + "\n"))
            } catch {
                throw .notRepresentable(error)
            }
        }
        try prepareForWriting()
        for (name, bytes) in recording.files {
            let path = (filesDirectory as NSString).appendingPathComponent(name)
            do {
                try AtomicFile.write(bytes, to: path)
            } catch {
                throw .unwritable(path: path, reason: error.description)
            }
        }
        var written: [String] = []
        for (path, text) in mappings {
            do {
                try AtomicFile.write(text, to: path)
            } catch {
                throw .unwritable(path: path, reason: error.description)
            }
            written.append(path)
        }
        return written
    }
}
