import PyramidIO
import Foundation

#if canImport(SwiftUI)
public import SwiftUI
#endif

/// Connects a theme system to snapshots: what a theme means for the content.
///
/// The default applies the colour scheme only. A team with its own design tokens
/// sets `VisualTesting.themeApplicable` in a setup function, as swift-visual-testing does:
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
    /// The colour scheme only.
    public init() {}
}

extension VisualTesting {
    private static let theme = Locked<any ThemeApplicable>(DefaultThemeApplicable())

    /// A theme applier in force for one task and its children only (set by the `.snapshots` trait).
    @TaskLocal static var scopedThemeApplicable: (any ThemeApplicable)?

    /// How themes are applied to every snapshot.
    ///
    /// Reading it gives the applier the current test set with the `.snapshots(theme:)` trait,
    /// else the process-wide one. Setting it changes the process-wide applier: do it once, in
    /// a setup function, and use the trait for one suite or test.
    public static var themeApplicable: any ThemeApplicable {
        get { scopedThemeApplicable ?? theme.value }
        set { theme.setValue(newValue) }
    }

    /// Runs `operation` with `themeApplicable` as its ``themeApplicable``, leaving the
    /// process-wide applier and every other task's alone.
    public static func withThemeApplicable<R>(
        _ themeApplicable: any ThemeApplicable, operation: () async throws -> R
    ) async rethrows -> R {
        try await $scopedThemeApplicable.withValue(themeApplicable, operation: operation)
    }
}
