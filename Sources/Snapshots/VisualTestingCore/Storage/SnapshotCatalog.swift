import Foundation

/// Every manifest under a root, gathered for review tools and CI: swift-visual-testing's
/// `snapshot-catalog.json`.
public struct SnapshotCatalog: Sendable, Codable, Equatable {
    public var version: String
    public var generatedAt: String
    /// The devices, themes and locales seen, sorted.
    public var configuration: CatalogConfiguration
    public var summary: CatalogSummary
    /// Sorted by name, then folder.
    public var views: [SnapshotManifest]
    public var components: [SnapshotManifest]

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

public struct CatalogConfiguration: Sendable, Codable, Equatable {
    public var devices: [String]
    public var themes: [String]
    public var locales: [String]

    public init(devices: [String], themes: [String], locales: [String]) {
        self.devices = devices
        self.themes = themes
        self.locales = locales
    }
}

public struct CatalogSummary: Sendable, Codable, Equatable {
    public var totalViews: Int
    public var totalComponents: Int
    public var totalImages: Int
    public var byDevice: [String: Int]
    public var byTheme: [String: Int]

    public init(totalViews: Int, totalComponents: Int, totalImages: Int, byDevice: [String: Int], byTheme: [String: Int]) {
        self.totalViews = totalViews
        self.totalComponents = totalComponents
        self.totalImages = totalImages
        self.byDevice = byDevice
        self.byTheme = byTheme
    }
}
