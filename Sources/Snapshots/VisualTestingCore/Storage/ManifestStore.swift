package import Foundation
import PyramidIO

/// Reads and updates `manifest.json` files safely while many tests, in one process
/// or several (parallel Swift Testing, sharded CI), update the same one: each update
/// is a read-modify-write under an exclusive lock on the folder, written through a
/// temporary file and a rename, so no entry is lost and no reader sees a torn file.
package enum ManifestStore {
    /// Merges one state's entries into the manifest in `directory`, creating it if
    /// missing. Entries are merged by file; the state's flags take the new values.
    /// An unreadable existing manifest is an error and is left untouched.
    package static func record(
        name: String, type: SnapshotType, state: String, inNavigation: Bool, disableAnimations: Bool,
        entries: [SnapshotEntry], in directory: String
    ) throws(VisualTestingError) {
        let path = directory + "/manifest.json"
        do {
            try DirectoryLock.withLock(on: directory) { () throws(VisualTestingError) in
                var manifest = try readIfPresent(path) ?? SnapshotManifest(name: name, type: type)
                var stateManifest = manifest.states[state] ?? StateManifest(inNavigation: inNavigation, disableAnimations: disableAnimations, snapshots: [])
                stateManifest.inNavigation = inNavigation
                stateManifest.disableAnimations = disableAnimations
                var byFile = Dictionary(stateManifest.snapshots.map { ($0.file, $0) }, uniquingKeysWith: { _, new in new })
                for entry in entries { byFile[entry.file] = entry }
                stateManifest.snapshots = byFile.values.sorted { $0.file < $1.file }
                manifest.states[state] = stateManifest
                try write(manifest, to: path)
            }
        } catch {
            switch error {
            case .lock(let failure): throw .writeFailed(path: path, reason: failure.reason)
            case .body(let failure): throw failure
            }
        }
    }

    /// Reads a manifest. A missing, unreadable or malformed file is an error naming it.
    package static func read(_ path: String) throws(VisualTestingError) -> SnapshotManifest {
        guard let manifest = try readIfPresent(path) else {
            throw .manifestUnreadable(path: path, reason: "no such file")
        }
        return manifest
    }

    /// Every `manifest.json` under `root` (hidden folders skipped), as standardised absolute paths, sorted.
    package static func manifestPaths(under root: String) throws(VisualTestingError) -> [String] {
        let rootURL = URL(fileURLWithPath: root).standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: rootURL.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .directoryUnreadable(path: root, reason: "no such folder")
        }
        guard let walker = FileManager.default.enumerator(at: rootURL, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles]) else {
            throw .directoryUnreadable(path: root, reason: "cannot list it")
        }
        var paths: [String] = []
        for case let url as URL in walker where url.lastPathComponent == "manifest.json" {
            paths.append(url.standardizedFileURL.path)
        }
        return paths.sorted()
    }

    /// The bytes a manifest is stored as: pretty-printed, sorted keys, a final newline.
    package static func encode(_ manifest: SnapshotManifest) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings, numbers and booleans cannot fail.
        return try! encoder.encode(manifest) + Data("\n".utf8)
    }

    static func readIfPresent(_ path: String) throws(VisualTestingError) -> SnapshotManifest? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .manifestUnreadable(path: path, reason: FileError.describe(error))
        }
        do {
            return try JSONDecoder().decode(SnapshotManifest.self, from: data)
        } catch {
            throw .manifestUnreadable(path: path, reason: describeDecoding(error))
        }
    }

    static func write(_ manifest: SnapshotManifest, to path: String) throws(VisualTestingError) {
        do {
            try AtomicFile.write(encode(manifest), to: path)
        } catch {
            throw .writeFailed(path: path, reason: error.reason)
        }
    }

    /// A one-line reason for a JSON decoding failure, with the key path where it happened.
    static func describeDecoding(_ error: any Error) -> String {
        guard let decoding = error as? DecodingError else { return "\(error)" }
        func at(_ path: [any CodingKey]) -> String {
            path.isEmpty ? "" : " at " + path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        }
        switch decoding {
        case .dataCorrupted(let context): return "not valid JSON\(at(context.codingPath)): \(context.debugDescription)"
        case .keyNotFound(let key, let context): return "missing key \"\(key.stringValue)\"\(at(context.codingPath))"
        case .typeMismatch(_, let context): return "wrong type\(at(context.codingPath)): \(context.debugDescription)"
        case .valueNotFound(_, let context): return "missing value\(at(context.codingPath))"
        @unknown default: return "\(decoding)"
        }
    }
}
