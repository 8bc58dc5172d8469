import Foundation
import MockModel
import PyramidIO

/// What the last run read and wrote, keyed by content: the settings, every source
/// file's path and content hash, and every output's content hash (with its size and
/// modification time, so an untouched output need not be read). When all match, the
/// outputs are what this run would write, so nothing is parsed, rendered or written.
///
/// Parsed models are deliberately not cached: encoding them cost more than parsing
/// (see BENCHMARKS.md), so a changed input regenerates everything and then writes only
/// the outputs whose content changed.
struct MockCache {
    static let version = 4

    struct Manifest: Codable, Equatable {
        var version: Int
        var settings: ContentHash
        var inputs: ContentHash
        var outputs: [String: OutputStamp]
    }

    /// An output as written: its content hash, and its size and modification time so a
    /// rerun can tell it is untouched without reading it.
    struct OutputStamp: Codable, Equatable {
        var hash: ContentHash
        var size: Int64
        var modified: Double

        /// The stamp of the file at `path` as it is now, with `hash` as its content's hash.
        static func stat(_ path: String, hash: ContentHash) -> OutputStamp? {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                  let size = (attributes[.size] as? NSNumber)?.int64Value,
                  let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970
            else { return nil }
            return OutputStamp(hash: hash, size: size, modified: modified)
        }
    }

    let manifestPath: String

    /// The cache for `destination` inside `directory`.
    init(directory: String, destination: String) {
        let key = ContentHash(URL(fileURLWithPath: destination).standardizedFileURL.path).description
        manifestPath = (directory as NSString).appendingPathComponent("\(key).manifest.json")
    }

    /// The manifest, or `nil` when there is none or it cannot be read: a corrupt cache
    /// only costs a cold start.
    func load() -> Manifest? {
        guard let data = FileManager.default.contents(atPath: manifestPath),
              let manifest = try? JSONDecoder().decode(Manifest.self, from: data),
              manifest.version == Self.version
        else { return nil }
        return manifest
    }

    /// Saves the manifest atomically; a failure only costs the next run its shortcut, so
    /// it is reported, not thrown.
    func save(_ manifest: Manifest) -> String? {
        do {
            try FileManager.default.createDirectory(
                atPath: (manifestPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try AtomicFile.write(try JSONEncoder().encode(manifest), to: manifestPath)
            return nil
        } catch {
            return "cache not saved at \(manifestPath): \(error)"
        }
    }
}
