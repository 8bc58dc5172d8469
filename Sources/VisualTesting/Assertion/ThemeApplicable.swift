import PyramidIO
import Foundation

#if canImport(SwiftUI)
import SwiftUI
#endif

/// Connects a theme system to snapshots: what a theme means for the content.
///
/// The default applies the colour scheme only. A team with its own design tokens
/// sets `VisualTesting.themeApplicable` in a setup function, as the seed does:
///
///     func setupVisualTesting() {
///         VisualTesting.themeApplicable = AppThemeApplicable()
///     }
public protocol ThemeApplicable: Sendable {
    /// Adjusts the environment a cell is rendered in. The default leaves `theme` as the
    /// colour scheme; a theme system can add `values` its renderer understands.
    func applyTheme(_ theme: SnapshotTheme, to environment: inout RenderEnvironment)

    #if canImport(SwiftUI)
    /// Wraps a SwiftUI view for a theme. The default sets `\.colorScheme`.
    @MainActor func applyTheme<V: View>(_ view: V, theme: SnapshotTheme) -> AnyView
    #endif
}

extension ThemeApplicable {
    public func applyTheme(_ theme: SnapshotTheme, to environment: inout RenderEnvironment) {
        environment.theme = theme
    }

    #if canImport(SwiftUI)
    @MainActor public func applyTheme<V: View>(_ view: V, theme: SnapshotTheme) -> AnyView {
        AnyView(view.environment(\.colorScheme, theme == .dark ? .dark : .light))
    }
    #endif
}

/// Applies the colour scheme and nothing else.
public struct DefaultThemeApplicable: ThemeApplicable {
    public init() {}
}

extension VisualTesting {
    /// Process-wide settings behind a lock: tests set them from any thread.
    private struct Settings {
        var themeApplicable: any ThemeApplicable = DefaultThemeApplicable()
        var configuration = SnapshotConfiguration()
    }

    private static let settings = Locked(Settings())

    /// How themes are applied to every snapshot; set it once in a setup function.
    public static var themeApplicable: any ThemeApplicable {
        get { settings.value.themeApplicable }
        set { settings.withValue { $0.themeApplicable = newValue } }
    }

    /// The matrix used when an assertion is not given one (`SnapshotConfiguration.default`).
    public static var defaultConfiguration: SnapshotConfiguration {
        get { settings.value.configuration }
        set { settings.withValue { $0.configuration = newValue } }
    }
}
