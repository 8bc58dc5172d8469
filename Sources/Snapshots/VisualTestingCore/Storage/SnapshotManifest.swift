/// What a view's or component's references are, kept as `manifest.json` in its
/// folder. The schema is swift-visual-testing's; files are written deterministically (sorted
/// keys and entries, no timestamps) so the tree stays clean in version control.
package struct SnapshotManifest: Sendable, Codable, Equatable {
    /// The view's or component's name.
    package var name: String
    /// View or component.
    package var type: SnapshotType
    /// Each state's cells.
    package var states: [String: StateManifest]
    /// Filled only in a catalog: the folder relative to the catalog root.
    package var basePath: String?
    /// Filled only in a catalog: the folder above `__Snapshots__`, when it is nested deeply enough.
    package var category: String?

    /// A manifest with every part given.
    package init(name: String, type: SnapshotType, states: [String: StateManifest] = [:], basePath: String? = nil, category: String? = nil) {
        self.name = name
        self.type = type
        self.states = states
        self.basePath = basePath
        self.category = category
    }

    /// Every reference file, relative to the manifest's folder.
    package var files: [String] {
        states.values.flatMap { $0.snapshots.map(\.file) }.sorted()
    }
}

/// Whether a snapshot is of a view or a component.
public enum SnapshotType: String, Sendable, Codable {
    /// A view (`@Snapshot`), checked on every cell of the matrix.
    case view
    /// A component (`@ComponentSnapshot`), checked on the theme axis.
    case component
}

/// One state's cells in a manifest.
package struct StateManifest: Sendable, Codable, Equatable {
    /// Whether it has `@InNavigation`.
    package var inNavigation: Bool
    /// Whether it has `@WithoutAnimation`.
    package var disableAnimations: Bool
    /// Its cells and files.
    package var snapshots: [SnapshotEntry]

    /// A state with its markers and cells.
    package init(inNavigation: Bool, disableAnimations: Bool, snapshots: [SnapshotEntry]) {
        self.inNavigation = inNavigation
        self.disableAnimations = disableAnimations
        self.snapshots = snapshots
    }
}

/// One reference image: its cell and its file relative to the manifest.
package struct SnapshotEntry: Sendable, Codable, Hashable {
    /// The cell, whose fields sit flat in the entry's JSON.
    package var cell: SnapshotCellIdentity
    /// The reference's path under the view's folder.
    package var file: String

    /// A cell and its reference's file name.
    package init(cell: SnapshotCellIdentity, file: String) {
        self.cell = cell
        self.file = file
    }

    /// The entry for a cell of the matrix.
    package init(cell: SnapshotCell, file: String) {
        self.init(cell: SnapshotCellIdentity(cell), file: file)
    }

    private enum CodingKeys: String, CodingKey { case file }

    package init(from decoder: any Decoder) throws {
        cell = try SnapshotCellIdentity(from: decoder)
        file = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .file)
    }

    package func encode(to encoder: any Encoder) throws {
        try cell.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(file, forKey: .file)
    }
}
