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
    private static let theme = Locked<any ThemeApplicable>(DefaultThemeApplicable())

    /// How themes are applied to every snapshot; set it once in a setup function.
    public static var themeApplicable: any ThemeApplicable {
        get { theme.value }
        set { theme.setValue(newValue) }
    }
}
