import Foundation

/// One image in the gallery: a reference from the catalog, or a cell a run checked
/// that has no reference in the catalog (missing on CI, or unreadable).
///
/// Paths are absolute; the page turns them into links with a `GalleryLinks`.
@_spi(PyramidTools) public struct GalleryItem: Sendable, Codable, Equatable {
    /// The reference path relative to the snapshot root: unique, and the item's deep-link id.
    package var id: String
    /// The view or component's folder relative to the root (the manifest's `basePath`).
    package var folder: String
    /// `Views`, `Components`, or the category folder above `__Snapshots__`.
    package var section: String
    /// The view's or component's name.
    package var name: String
    /// View or component.
    package var type: SnapshotType
    /// The state's name.
    package var state: String
    /// The cell, whose fields sit flat in the item's JSON.
    package var cell: SnapshotCellIdentity
    /// What the last run said.
    package var status: GalleryStatus
    /// The reference image, absolute; nil when none exists.
    package var reference: String?
    /// The image the run rendered, when it differed or was not recorded.
    package var actual: String?
    /// The diff image of a failed cell.
    package var diff: String?
    /// Why the cell failed, or what was recorded.
    package var message: String?
    /// `path:line` of the assertion that checked it.
    package var source: String?
    /// What a reviewer decided in `pyramid review`, if anything.
    package var decision: GalleryDecision?

    init(
        id: String, folder: String, section: String, name: String, type: SnapshotType, state: String,
        cell: SnapshotCellIdentity, status: GalleryStatus, reference: String?
    ) {
        self.id = id
        self.folder = folder
        self.section = section
        self.name = name
        self.type = type
        self.state = state
        self.cell = cell
        self.status = status
        self.reference = reference
    }

    private enum CodingKeys: String, CodingKey {
        case id, folder, section, name, type, state, status, reference, actual, diff, message, source, decision
    }

    @_spi(PyramidTools) public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        folder = try container.decode(String.self, forKey: .folder)
        section = try container.decode(String.self, forKey: .section)
        name = try container.decode(String.self, forKey: .name)
        type = try container.decode(SnapshotType.self, forKey: .type)
        state = try container.decode(String.self, forKey: .state)
        cell = try SnapshotCellIdentity(from: decoder)
        status = try container.decode(GalleryStatus.self, forKey: .status)
        reference = try container.decodeIfPresent(String.self, forKey: .reference)
        actual = try container.decodeIfPresent(String.self, forKey: .actual)
        diff = try container.decodeIfPresent(String.self, forKey: .diff)
        message = try container.decodeIfPresent(String.self, forKey: .message)
        source = try container.decodeIfPresent(String.self, forKey: .source)
        decision = try container.decodeIfPresent(GalleryDecision.self, forKey: .decision)
    }

    @_spi(PyramidTools) public func encode(to encoder: any Encoder) throws {
        try cell.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(folder, forKey: .folder)
        try container.encode(section, forKey: .section)
        try container.encode(name, forKey: .name)
        try container.encode(type, forKey: .type)
        try container.encode(state, forKey: .state)
        try container.encode(status, forKey: .status)
        try container.encodeIfPresent(reference, forKey: .reference)
        try container.encodeIfPresent(actual, forKey: .actual)
        try container.encodeIfPresent(diff, forKey: .diff)
        try container.encodeIfPresent(message, forKey: .message)
        try container.encodeIfPresent(source, forKey: .source)
        try container.encodeIfPresent(decision, forKey: .decision)
    }
}

/// A reviewer's verdict on a changed image.
package enum GalleryDecision: String, Sendable, Codable {
    /// The actual image replaced the reference.
    case approved
    /// The reference was kept.
    case rejected
}

/// What the last run said about an image. `unchecked` when there is no run report
/// or the run did not check that view state.
package enum GalleryStatus: String, Sendable, Codable, CaseIterable {
    /// The image differed from its reference.
    case failed
    /// The cell could not be checked (rendering failed, or its reference could not be read).
    case error
    /// No reference, on CI: nothing was recorded.
    case missing
    /// No reference: this image was recorded as the reference.
    case new
    /// Re-recorded by a record mode.
    case recorded
    /// A reference no state of the suite produces any more.
    case removed
    /// Differed from its reference within tolerance: the test passed; the diff shows what was let through.
    case withinTolerance
    /// Matched its reference.
    case passed
    /// The run did not check it, or there is no run report.
    case unchecked

    /// Failures first, then what changed, then the rest.
    var rank: Int { Self.allCases.firstIndex(of: self)! }

    /// Whether a reviewer should look at it before the run is green.
    package var needsReview: Bool { self == .failed || self == .error || self == .missing }

    init(_ outcome: SnapshotOutcome) {
        switch outcome {
        case .passed: self = .passed
        case .withinTolerance: self = .withinTolerance
        case .failed: self = .failed
        case .new: self = .new
        case .recorded: self = .recorded
        case .missing: self = .missing
        case .error: self = .error
        }
    }
}

/// Joins a catalog with a run report into the gallery's items.
package enum GalleryItems {
    /// Every reference in `catalog` (whose `basePath`s are relative to `root`) and
    /// every cell of `report` without one. With a report, a reference the run did not
    /// produce although it checked that view state is `removed` (the matrix shrank).
    /// Sorted: statuses needing review first, then by section, name, state and cell.
    package static func build(catalog: SnapshotCatalog, root: String, report: RunReport? = nil) -> [GalleryItem] {
        let rootPath = URL(fileURLWithPath: root).standardizedFileURL.path
        var resultsByReference: [String: SnapshotResult] = [:]
        var checkedStates = Set<String>()
        for result in report?.results ?? [] {
            let reference = URL(fileURLWithPath: result.reference).standardizedFileURL.path
            resultsByReference[reference] = result
            let manifestFolder = SnapshotLayout.manifestFolder(reference: reference, file: result.file)
            checkedStates.insert(manifestFolder + "\u{0}" + result.state)
        }

        var items: [GalleryItem] = []
        var seen = Set<String>()
        for manifest in catalog.views + catalog.components {
            let folder = manifest.basePath ?? ""
            let folderPath = folder.isEmpty ? rootPath : rootPath + "/" + folder
            for (state, stateManifest) in manifest.states {
                for entry in stateManifest.snapshots {
                    let path = folderPath + "/" + entry.file
                    seen.insert(path)
                    // One folder can hold a view's states and a component's: the entry says which.
                    let type: SnapshotType = entry.cell.device == nil ? .component : .view
                    var item = GalleryItem(
                        id: relative(path, to: rootPath), folder: folder, section: section(of: manifest, type: type),
                        name: manifest.name, type: type, state: state, cell: entry.cell, status: .unchecked, reference: path)
                    if let result = resultsByReference[path] {
                        apply(result, to: &item)
                    } else if report != nil, checkedStates.contains(folderPath + "\u{0}" + state) {
                        item.status = .removed
                        item.message = "the run no longer checks this cell; `pyramid prune` removes it"
                    }
                    items.append(item)
                }
            }
        }
        for (path, result) in resultsByReference where !seen.contains(path) {
            let manifestFolder = SnapshotLayout.manifestFolder(reference: path, file: result.file)
            var item = GalleryItem(
                id: relative(path, to: rootPath), folder: relative(manifestFolder, to: rootPath),
                section: result.type == .view ? "Views" : "Components", name: result.name, type: result.type,
                state: result.state, cell: result.cell, status: .unchecked,
                reference: FileManager.default.fileExists(atPath: path) ? path : nil)
            apply(result, to: &item)
            items.append(item)
        }
        return items.sorted(by: order)
    }

    static func apply(_ result: SnapshotResult, to item: inout GalleryItem) {
        item.status = GalleryStatus(result.outcome)
        item.message = result.message
        item.source = result.source
        if let artifacts = result.artifacts {
            // The copy taken before the run: with record mode `failed` the reference itself is already rewritten.
            if let reference = artifacts.reference { item.reference = reference }
            item.actual = artifacts.actual
            item.diff = artifacts.diff
        }
    }

    static func section(of manifest: SnapshotManifest, type: SnapshotType) -> String {
        if let category = manifest.category, !category.isEmpty { return category }
        return type == .view ? "Views" : "Components"
    }

    static func relative(_ path: String, to root: String) -> String {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    static func order(_ a: GalleryItem, _ b: GalleryItem) -> Bool {
        let review = (a.status.needsReview ? 0 : 1, b.status.needsReview ? 0 : 1)
        if review.0 != review.1 { return review.0 < review.1 }
        let keyA = [a.section, a.name, a.folder, a.state] + a.cell.sortKey
        let keyB = [b.section, b.name, b.folder, b.state] + b.cell.sortKey
        return keyA.lexicographicallyPrecedes(keyB) || (keyA == keyB && a.id < b.id)
    }
}
