package import Foundation
import PyramidIO

/// Builds a `SnapshotCatalog` from every `manifest.json` under a root folder.
package enum CatalogBuilder {
    /// Gathers the manifests under `root` (hidden folders skipped). A manifest that
    /// cannot be read is an error naming it; nothing is written then.
    package static func build(root: String, generatedAt: Date = Date()) throws(VisualTestingError) -> SnapshotCatalog {
        let rootURL = URL(fileURLWithPath: root).standardizedFileURL
        let manifestPaths = try ManifestStore.manifestPaths(under: root)

        var views: [SnapshotManifest] = []
        var components: [SnapshotManifest] = []
        for path in manifestPaths {
            var manifest = try ManifestStore.read(path)
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
            manifest.basePath = relativePath(of: folder, under: rootURL.path)
            manifest.category = category(of: manifest.basePath ?? folder)
            switch manifest.type {
            case .view: views.append(manifest)
            case .component: components.append(manifest)
            }
        }
        let order: (SnapshotManifest, SnapshotManifest) -> Bool = { ($0.name, $0.basePath ?? "") < ($1.name, $1.basePath ?? "") }
        views.sort(by: order)
        components.sort(by: order)

        let entries = (views + components).flatMap { $0.states.values.flatMap(\.snapshots) }
        var byDevice: [String: Int] = [:]
        var byTheme: [String: Int] = [:]
        for entry in entries {
            if let device = entry.cell.device { byDevice[device, default: 0] += 1 }
            byTheme[entry.cell.theme, default: 0] += 1
        }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return SnapshotCatalog(
            generatedAt: formatter.string(from: generatedAt),
            configuration: CatalogConfiguration(
                devices: Set(entries.compactMap(\.cell.device)).sorted(),
                themes: Set(entries.map(\.cell.theme)).sorted(),
                locales: Set(entries.compactMap(\.cell.locale)).sorted()
            ),
            summary: CatalogSummary(
                totalViews: views.count, totalComponents: components.count, totalImages: entries.count,
                byDevice: byDevice, byTheme: byTheme
            ),
            views: views, components: components
        )
    }

    /// Writes a catalog as pretty-printed JSON with sorted keys, atomically.
    package static func write(_ catalog: SnapshotCatalog, to path: String) throws(VisualTestingError) {
        try SnapshotPublication.writeFile(encoded(catalog), to: path)
    }

    /// The catalog as pretty-printed JSON with sorted keys and a final newline.
    static func encoded(_ catalog: SnapshotCatalog) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Strings, numbers and dictionaries always encode.
        return try! encoder.encode(catalog) + Data("\n".utf8)
    }

    static func relativePath(of folder: String, under root: String) -> String {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return folder.hasPrefix(prefix) ? String(folder.dropFirst(prefix.count)) : folder
    }

    /// The folder just above `__Snapshots__`, when `__Snapshots__` is at least two levels deep.
    static func category(of basePath: String) -> String? {
        let parts = basePath.split(separator: "/").map(String.init)
        guard let index = parts.firstIndex(of: "__Snapshots__"), index >= 2 else { return nil }
        return parts[index - 1]
    }
}

extension VisualTesting {
    /// Gathers every manifest under `rootDirectory` into a catalog written to `outputPath`.
    @discardableResult
    package static func generateCatalog(rootDirectory: String, outputPath: String) throws -> SnapshotCatalog {
        let catalog = try CatalogBuilder.build(root: rootDirectory)
        try CatalogBuilder.write(catalog, to: outputPath)
        return catalog
    }
}
