import Foundation

/// Every manifest under a root, gathered for review tools and CI: swift-visual-testing's
/// `snapshot-catalog.json`.
package struct SnapshotCatalog: Sendable, Codable, Equatable {
    /// The catalog format's version.
    package var version: String
    /// When it was made, ISO 8601.
    package var generatedAt: String
    /// The devices, themes and locales seen, sorted.
    package var configuration: CatalogConfiguration
    /// The totals.
    package var summary: CatalogSummary
    /// Sorted by name, then folder.
    package var views: [SnapshotManifest]
    /// Every component, by name.
    package var components: [SnapshotManifest]

    /// A catalog with every part given.
    package init(version: String = "1.0", generatedAt: String, configuration: CatalogConfiguration, summary: CatalogSummary,
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
package struct CatalogConfiguration: Sendable, Codable, Equatable {
    /// Device names.
    package var devices: [String]
    /// Themes.
    package var themes: [String]
    /// Locales.
    package var locales: [String]

    /// The devices, themes and locales found.
    package init(devices: [String], themes: [String], locales: [String]) {
        self.devices = devices
        self.themes = themes
        self.locales = locales
    }
}

/// How many views, components and images the catalog has.
package struct CatalogSummary: Sendable, Codable, Equatable {
    /// Views.
    package var totalViews: Int
    /// Components.
    package var totalComponents: Int
    /// Reference images.
    package var totalImages: Int
    /// Images per device.
    package var byDevice: [String: Int]
    /// Images per theme.
    package var byTheme: [String: Int]

    /// Totals with every part given.
    package init(totalViews: Int, totalComponents: Int, totalImages: Int, byDevice: [String: Int], byTheme: [String: Int]) {
        self.totalViews = totalViews
        self.totalComponents = totalComponents
        self.totalImages = totalImages
        self.byDevice = byDevice
        self.byTheme = byTheme
    }
}
