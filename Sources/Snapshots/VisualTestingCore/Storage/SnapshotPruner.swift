import Foundation

/// Finds reference images that no manifest lists any more (a renamed state, a
/// dropped device) and removes them.
package enum SnapshotPruner {
    /// Every `.png` inside a folder with a `manifest.json` under `root` that the
    /// manifest does not list, sorted. Folders without a manifest are left alone.
    package static func orphans(under root: String) throws(VisualTestingError) -> [String] {
        let manifests = try ManifestStore.manifestPaths(under: root)
        var orphans: [String] = []
        for manifestPath in manifests {
            let listed = Set(try ManifestStore.read(manifestPath).files)
            let folder = URL(fileURLWithPath: manifestPath).deletingLastPathComponent()
            guard let images = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles]) else { continue }
            for case let url as URL in images where url.pathExtension == "png" {
                let relative = CatalogBuilder.relativePath(of: url.standardizedFileURL.path, under: folder.standardizedFileURL.path)
                if !listed.contains(relative) { orphans.append(url.standardizedFileURL.path) }
            }
        }
        return orphans.sorted()
    }

    /// Removes the given files; stops at the first that cannot be removed.
    package static func remove(_ files: [String]) throws(VisualTestingError) {
        for file in files {
            do {
                try FileManager.default.removeItem(atPath: file)
            } catch {
                throw .writeFailed(path: file, reason: "cannot remove: \(error.localizedDescription)")
            }
        }
    }
}
