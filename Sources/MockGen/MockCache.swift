import Foundation
import MockModel
import PyramidIO

/// What the last run read and wrote, so an unchanged rerun does nothing and a changed
/// one parses only the files whose content changed.
///
/// Two files per destination: a small manifest (settings, the inputs' combined hash,
/// the outputs' hashes) read on every run, and the per-file models, read only when
/// something changed.
struct MockCache {
    static let version = 1

    struct Manifest: Codable {
        var version: Int
        var settings: ContentHash
        var inputs: ContentHash
        var outputs: [String: ContentHash]
    }

    struct CachedFile: Codable {
        var hash: ContentHash
        var model: SourceFileModel
    }

    struct Models: Codable {
        var version: Int
        var files: [String: CachedFile]
    }

    let manifestPath: String
    let modelsPath: String

    /// The cache for `destination` inside `directory`.
    init(directory: String, destination: String) {
        let key = ContentHash(URL(fileURLWithPath: destination).standardizedFileURL.path).description
        manifestPath = (directory as NSString).appendingPathComponent("\(key).manifest.json")
        modelsPath = (directory as NSString).appendingPathComponent("\(key).models.json")
    }

    /// The manifest, or `nil` when there is none or it cannot be read (a corrupt cache is
    /// only a cold start).
    func loadManifest() -> Manifest? {
        guard let data = FileManager.default.contents(atPath: manifestPath),
              let manifest = try? JSONDecoder().decode(Manifest.self, from: data),
              manifest.version == Self.version
        else { return nil }
        return manifest
    }

    func loadModels() -> [String: CachedFile] {
        guard let data = FileManager.default.contents(atPath: modelsPath),
              let models = try? JSONDecoder().decode(Models.self, from: data),
              models.version == Self.version
        else { return [:] }
        return models.files
    }

    /// Saves both files; a failure only costs the next run its shortcut, so it is reported, not thrown.
    func save(manifest: Manifest, models: [String: CachedFile]) -> String? {
        do {
            try FileManager.default.createDirectory(
                atPath: (manifestPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            let encoder = JSONEncoder()
            try AtomicFile.write(try encoder.encode(Models(version: Self.version, files: models)), to: modelsPath)
            try AtomicFile.write(try encoder.encode(manifest), to: manifestPath)
            return nil
        } catch {
            return "cache not saved: \(error)"
        }
    }
}
