import Foundation

/// Every manifest under a root, gathered for review tools and CI: swift-visual-testing's
/// `snapshot-catalog.json`.
public struct SnapshotCatalog: Sendable, Codable, Equatable {
    /// The catalog format's version.
    public var version: String
    /// When it was made, ISO 8601.
    public var generatedAt: String
    /// The devices, themes and locales seen, sorted.
    public var configuration: CatalogConfiguration
    /// The totals.
    public var summary: CatalogSummary
    /// Sorted by name, then folder.
    public var views: [SnapshotManifest]
    /// Every component, by name.
    public var components: [SnapshotManifest]

    /// A catalog with every part given.
    public init(version: String = "1.0", generatedAt: String, configuration: CatalogConfiguration, summary: CatalogSummary,
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
public struct CatalogConfiguration: Sendable, Codable, Equatable {
    /// Device names.
    public var devices: [String]
    /// Themes.
    public var themes: [String]
    /// Locales.
    public var locales: [String]

    /// The devices, themes and locales found.
    public init(devices: [String], themes: [String], locales: [String]) {
        self.devices = devices
        self.themes = themes
        self.locales = locales
    }
}

/// How many views, components and images the catalog has.
public struct CatalogSummary: Sendable, Codable, Equatable {
    /// Views.
    public var totalViews: Int
    /// Components.
    public var totalComponents: Int
    /// Reference images.
    public var totalImages: Int
    /// Images per device.
    public var byDevice: [String: Int]
    /// Images per theme.
    public var byTheme: [String: Int]

    /// Totals with every part given.
    public init(totalViews: Int, totalComponents: Int, totalImages: Int, byDevice: [String: Int], byTheme: [String: Int]) {
        self.totalViews = totalViews
        self.totalComponents = totalComponents
        self.totalImages = totalImages
        self.byDevice = byDevice
        self.byTheme = byTheme
    }
}
