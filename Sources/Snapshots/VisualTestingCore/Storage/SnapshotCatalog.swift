import Foundation

/// Every manifest under a root, gathered for review tools and CI: swift-visual-testing's
/// `snapshot-catalog.json`.
@_spi(PyramidTools) public struct SnapshotCatalog: Sendable, Codable, Equatable {
    /// The catalog format's version.
    @_spi(PyramidTools) public var version: String
    /// When it was made, ISO 8601.
    @_spi(PyramidTools) public var generatedAt: String
    /// The devices, themes and locales seen, sorted.
    @_spi(PyramidTools) public var configuration: CatalogConfiguration
    /// The totals.
    @_spi(PyramidTools) public var summary: CatalogSummary
    /// Sorted by name, then folder.
    @_spi(PyramidTools) public var views: [SnapshotManifest]
    /// Every component, by name.
    @_spi(PyramidTools) public var components: [SnapshotManifest]

    /// A catalog with every part given.
    @_spi(PyramidTools) public init(version: String = "1.0", generatedAt: String, configuration: CatalogConfiguration, summary: CatalogSummary,
                views: [SnapshotManifest], components: [SnapshotManifest]) {
        self.version = version
        self.generatedAt = generatedAt
        self.configuration = configuration
        self.summary = summary
        self.views = views
        self.components = components
    }
}

/// The matrix the catalog's references cover.
@_spi(PyramidTools) public struct CatalogConfiguration: Sendable, Codable, Equatable {
    /// Device names.
    @_spi(PyramidTools) public var devices: [String]
    /// Themes.
    @_spi(PyramidTools) public var themes: [String]
    /// Locales.
    @_spi(PyramidTools) public var locales: [String]

    /// The devices, themes and locales found.
    @_spi(PyramidTools) public init(devices: [String], themes: [String], locales: [String]) {
        self.devices = devices
        self.themes = themes
        self.locales = locales
    }
}

/// How many views, components and images the catalog has.
@_spi(PyramidTools) public struct CatalogSummary: Sendable, Codable, Equatable {
    /// Views.
    @_spi(PyramidTools) public var totalViews: Int
    /// Components.
    @_spi(PyramidTools) public var totalComponents: Int
    /// Reference images.
    @_spi(PyramidTools) public var totalImages: Int
    /// Images per device.
    @_spi(PyramidTools) public var byDevice: [String: Int]
    /// Images per theme.
    @_spi(PyramidTools) public var byTheme: [String: Int]

    /// Totals with every part given.
    @_spi(PyramidTools) public init(totalViews: Int, totalComponents: Int, totalImages: Int, byDevice: [String: Int], byTheme: [String: Int]) {
        self.totalViews = totalViews
        self.totalComponents = totalComponents
        self.totalImages = totalImages
        self.byDevice = byDevice
        self.byTheme = byTheme
    }
}
