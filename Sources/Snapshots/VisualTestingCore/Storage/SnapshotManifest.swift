/// What a view's or component's references are, kept as `manifest.json` in its
/// folder. The schema is swift-visual-testing's; files are written deterministically (sorted
/// keys and entries, no timestamps) so the tree stays clean in version control.
@_spi(PyramidTools) public struct SnapshotManifest: Sendable, Codable, Equatable {
    /// The view's or component's name.
    @_spi(PyramidTools) public var name: String
    /// View or component.
    @_spi(PyramidTools) public var type: SnapshotType
    /// Each state's cells.
    @_spi(PyramidTools) public var states: [String: StateManifest]
    /// Filled only in a catalog: the folder relative to the catalog root.
    @_spi(PyramidTools) public var basePath: String?
    /// Filled only in a catalog: the folder above `__Snapshots__`, when it is nested deeply enough.
    @_spi(PyramidTools) public var category: String?

    /// A manifest with every part given.
    @_spi(PyramidTools) public init(name: String, type: SnapshotType, states: [String: StateManifest] = [:], basePath: String? = nil, category: String? = nil) {
        self.name = name
        self.type = type
        self.states = states
        self.basePath = basePath
        self.category = category
    }

    /// Every reference file, relative to the manifest's folder.
    @_spi(PyramidTools) public var files: [String] {
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
@_spi(PyramidTools) public struct StateManifest: Sendable, Codable, Equatable {
    /// Whether it has `@InNavigation`.
    @_spi(PyramidTools) public var inNavigation: Bool
    /// Whether it has `@WithoutAnimation`.
    @_spi(PyramidTools) public var disableAnimations: Bool
    /// Its cells and files.
    @_spi(PyramidTools) public var snapshots: [SnapshotEntry]

    /// A state with its markers and cells.
    @_spi(PyramidTools) public init(inNavigation: Bool, disableAnimations: Bool, snapshots: [SnapshotEntry]) {
        self.inNavigation = inNavigation
        self.disableAnimations = disableAnimations
        self.snapshots = snapshots
    }
}

/// One reference image: its cell and its file relative to the manifest.
@_spi(PyramidTools) public struct SnapshotEntry: Sendable, Codable, Hashable {
    /// The cell, whose fields sit flat in the entry's JSON.
    @_spi(PyramidTools) public var cell: SnapshotCellIdentity
    /// The reference's path under the view's folder.
    @_spi(PyramidTools) public var file: String

    /// A cell and its reference's file name.
    @_spi(PyramidTools) public init(cell: SnapshotCellIdentity, file: String) {
        self.cell = cell
        self.file = file
    }

    /// The entry for a cell of the matrix.
    @_spi(PyramidTools) public init(cell: SnapshotCell, file: String) {
        self.init(cell: SnapshotCellIdentity(cell), file: file)
    }

    private enum CodingKeys: String, CodingKey { case file }

    @_spi(PyramidTools) public init(from decoder: any Decoder) throws {
        cell = try SnapshotCellIdentity(from: decoder)
        file = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .file)
    }

    @_spi(PyramidTools) public func encode(to encoder: any Encoder) throws {
        try cell.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(file, forKey: .file)
    }
}
