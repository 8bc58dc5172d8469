import Foundation
import PyramidIO

extension StubRootDirectory {
    /// Makes `mappings/` and `__files/` and checks that a file can be written in each, so a
    /// recording that could not be saved fails before it starts, not after.
    ///
    /// - Throws: ``StubRootError/unwritable(path:reason:)`` naming the folder and why.
    package func prepareForWriting() throws(StubRootError) {
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
    /// (a temporary file, then a rename).
    ///
    /// When `replacingSameRequests` (the default), a mapping file already in `mappings/` whose
    /// every mapping is of a request the recording has (the same method, `url`, captured headers
    /// and body pattern) is removed once the new mappings are written, with the `__files/`
    /// bodies only it read: recording a request again replaces its mapping, where WireMock would
    /// keep both. Files that cannot be read as mappings are left alone.
    ///
    /// - Throws: ``StubRootError/unwritable(path:reason:)``, or
    ///   ``StubRootError/notRepresentable(_:)`` for a stub with no WireMock form.
    @discardableResult
    public func write(_ recording: StubRecorder.Recording, replacingSameRequests: Bool = true) throws(StubRootError) -> SavedRecording {
        // Every mapping is made before anything is written: a stub with no WireMock form
        // leaves the root as it was.
        var mappings: [(path: String, text: String, request: JSONValue?, summary: String)] = []
        for stub in recording.stubs {
            do throws(WireMockEncodingError) {
                let mapping = try WireMockMapping.encode(stub, filesDirectory: filesDirectory)
                let path = (mappingsDirectory as NSString).appendingPathComponent("\(stub.name ?? "mapping")-\(stub.id.uuidString.lowercased()).json")
                mappings.append((path, mapping.prettyText + "\n", mapping["request"], stub.request.description))
            } catch {
                throw .notRepresentable(error)
            }
        }
        try prepareForWriting()
        let written = Set(mappings.map(\.path))
        let existing = replacingSameRequests ? existingMappings().filter { !written.contains($0.path) } : []
        for (name, bytes) in recording.files {
            let path = (filesDirectory as NSString).appendingPathComponent(name)
            do {
                try AtomicFile.write(bytes, to: path)
            } catch {
                throw .unwritable(path: path, reason: error.description)
            }
        }
        var saved = SavedRecording()
        for (path, text, _, _) in mappings {
            do {
                try AtomicFile.write(text, to: path)
            } catch {
                throw .unwritable(path: path, reason: error.description)
            }
            saved.mappings.append(path)
        }
        guard !existing.isEmpty else { return saved }

        // Only now that every new file is whole are the old ones of the same requests removed.
        var replacedFiles: [ExistingMapping] = []
        var kept: [ExistingMapping] = []
        for file in existing {
            // The new mapping of each of the file's requests, where the recording has one.
            let recorded = file.requests.compactMap { request in request.flatMap { request in mappings.first { $0.request == request } } }
            if !file.hasIssues, let first = recorded.first, recorded.count == file.requests.count {
                replacedFiles.append(file)
                saved.replaced.append(SavedRecording.Replacement(removed: file.path, by: first.path, request: first.summary))
                saved.replacedStubIDs += file.stubs.map(\.id)
            } else {
                if !recorded.isEmpty { saved.leftInPlace.append(file.path) }
                kept.append(file)
            }
        }
        for file in replacedFiles {
            do {
                try FileManager.default.removeItem(atPath: file.path)
            } catch {
                throw .unwritable(path: file.path, reason: FileError.describe(error))
            }
        }
        // A body only the removed mappings read goes too; one another mapping reads stays.
        let stillRead = Set((kept.flatMap(\.stubs) + recording.stubs).flatMap(Self.bodyFiles))
        let folder = URL(fileURLWithPath: filesDirectory).standardizedFileURL.path + "/"
        for body in Set(replacedFiles.flatMap(\.stubs).flatMap(Self.bodyFiles)).sorted()
        where !stillRead.contains(body) && body.hasPrefix(folder) && FileManager.default.fileExists(atPath: body) {
            do {
                try FileManager.default.removeItem(atPath: body)
            } catch {
                throw .unwritable(path: body, reason: FileError.describe(error))
            }
            saved.removedBodies.append(body)
        }
        return saved
    }

    /// A mapping file already under `mappings/`, read to see whether a recording replaces it.
    private struct ExistingMapping {
        var path: String
        var stubs: [Stub]
        /// Each mapping's request pattern in WireMock's JSON (nil for one with no WireMock form).
        var requests: [JSONValue?]
        /// Whether some mapping in it could not be read (it is then never replaced).
        var hasIssues: Bool
    }

    /// Every mapping file under `mappings/` that reads as one, in path order.
    private func existingMappings() -> [ExistingMapping] {
        guard let walker = FileManager.default.enumerator(atPath: mappingsDirectory) else { return [] }
        var found: [ExistingMapping] = []
        for case let relative as String in walker where relative.lowercased().hasSuffix(".json") {
            let path = (mappingsDirectory as NSString).appendingPathComponent(relative)
            guard let data = FileManager.default.contents(atPath: path),
                  let imported = try? WireMockMapping.decode(data, source: "mappings/" + relative, filesDirectory: filesDirectory)
            else { continue }
            let requests = imported.stubs.map { stub in (try? WireMockMapping.encode(stub, filesDirectory: filesDirectory))?["request"] }
            found.append(ExistingMapping(path: path, stubs: imported.stubs, requests: requests, hasIssues: !imported.issues.isEmpty))
        }
        return found.sorted { $0.path < $1.path }
    }

    /// The files a stub's responses read, as standardized paths.
    private static func bodyFiles(_ stub: Stub) -> [String] {
        stub.responses.compactMap { response in
            if case .file(let path) = response.body { return URL(fileURLWithPath: path).standardizedFileURL.path }
            return nil
        }
    }
}
