public import Foundation
import PyramidImage

extension VisualTesting {
    /// Checks one state of a full-screen view on every device × theme × locale (×
    /// Dynamic Type) cell against `__Snapshots__/{viewName}/{device}/{stateName}.{theme}_{locale}.png`
    /// beside `file`, then updates the view's `manifest.json` and the run report.
    ///
    /// Each failing cell is its own issue naming the device, theme and locale, the
    /// metrics and the reference, actual and diff images. Returns every cell's result.
    ///
    /// - Parameters:
    ///   - content: What to render: a SwiftUI view on Apple platforms, an `HTMLPage` in Chromium,
    ///     or anything `SnapshotRenderable`.
    ///   - viewName: The view's folder under `__Snapshots__` and its name in reports.
    ///   - stateName: The state's name, the first part of each reference's file name.
    ///   - inNavigation: Render inside a navigation container (a bar above the content).
    ///   - disableAnimations: Render with animations, transitions and the caret off.
    ///   - configuration: The matrix (devices, themes, locales, Dynamic Type) and precisions;
    ///     `.default` is `VisualTesting.defaultConfiguration`. A precision outside 0…1 fails every
    ///     cell with a message naming it; a matrix with no cells is an issue.
    ///   - fileID: The asserting file's ID, for issues.
    ///   - file: The asserting file's path: `__Snapshots__` is beside it unless the configuration names a folder.
    ///   - line: The asserting line, for issues.
    ///   - column: The asserting column, for issues.
    /// - Returns: Every cell's result, in the matrix's order.
    @MainActor
    @discardableResult
    public static func assertViewSnapshot(
        of content: some SnapshotRenderable,
        viewName: String,
        stateName: String,
        inNavigation: Bool = false,
        disableAnimations: Bool = false,
        configuration: SnapshotConfiguration = .default,
        fileID: StaticString = #fileID,
        file: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> [SnapshotResult] {
        let assertion = SnapshotAssertion(
            name: viewName, state: stateName, kind: .view(inNavigation: inNavigation, disableAnimations: disableAnimations),
            configuration: configuration, source: SnapshotSource(fileID: fileID, filePath: file, line: line, column: column))
        return assertion.runSynchronously(AnySnapshotRenderable(content))
    }

    /// The asynchronous form of `assertViewSnapshot`, for `async` tests and content
    /// that renders elsewhere (a browser).
    ///
    /// - Parameters:
    ///   - content: What to render: a SwiftUI view on Apple platforms, an `HTMLPage` in Chromium,
    ///     or anything `SnapshotRenderable`.
    ///   - viewName: The view's folder under `__Snapshots__` and its name in reports.
    ///   - stateName: The state's name, the first part of each reference's file name.
    ///   - inNavigation: Render inside a navigation container (a bar above the content).
    ///   - disableAnimations: Render with animations, transitions and the caret off.
    ///   - configuration: The matrix (devices, themes, locales, Dynamic Type) and precisions;
    ///     `.default` is `VisualTesting.defaultConfiguration`. A precision outside 0…1 fails every
    ///     cell with a message naming it; a matrix with no cells is an issue.
    ///   - fileID: The asserting file's ID, for issues.
    ///   - file: The asserting file's path: `__Snapshots__` is beside it unless the configuration names a folder.
    ///   - line: The asserting line, for issues.
    ///   - column: The asserting column, for issues.
    /// - Returns: Every cell's result, in the matrix's order.
    @discardableResult
    public static func assertViewSnapshot(
        of content: some SnapshotRenderable,
        viewName: String,
        stateName: String,
        inNavigation: Bool = false,
        disableAnimations: Bool = false,
        configuration: SnapshotConfiguration = .default,
        fileID: StaticString = #fileID,
        file: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async -> [SnapshotResult] {
        let assertion = SnapshotAssertion(
            name: viewName, state: stateName, kind: .view(inNavigation: inNavigation, disableAnimations: disableAnimations),
            configuration: configuration, source: SnapshotSource(fileID: fileID, filePath: file, line: line, column: column))
        return await assertion.run(AnySnapshotRenderable(content))
    }

    /// Checks one state of a component on the theme axis against
    /// `__Snapshots__/{componentName}/{stateName}.{theme}.png`, at `size` in points or,
    /// when nil, at the size the content takes.
    ///
    /// - Parameters:
    ///   - content: What to render: a SwiftUI view on Apple platforms, an `HTMLPage` in Chromium,
    ///     or anything `SnapshotRenderable`.
    ///   - componentName: The component's folder under `__Snapshots__` and its name in reports.
    ///   - stateName: The state's name, the first part of each reference's file name.
    ///   - size: The size in points; nil takes the content's own size.
    ///   - disableAnimations: Render with animations, transitions and the caret off.
    ///   - configuration: The themes, the scale (`componentScale`) and precisions; `.default` is
    ///     `VisualTesting.defaultConfiguration`. A precision outside 0…1 fails every cell naming it.
    ///   - fileID: The asserting file's ID, for issues.
    ///   - file: The asserting file's path: `__Snapshots__` is beside it unless the configuration names a folder.
    ///   - line: The asserting line, for issues.
    ///   - column: The asserting column, for issues.
    /// - Returns: Every cell's result, light then dark.
    @MainActor
    @discardableResult
    public static func assertComponentSnapshot(
        of content: some SnapshotRenderable,
        componentName: String,
        stateName: String,
        size: CGSize? = nil,
        disableAnimations: Bool = false,
        configuration: SnapshotConfiguration = .default,
        fileID: StaticString = #fileID,
        file: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> [SnapshotResult] {
        let assertion = SnapshotAssertion(
            name: componentName, state: stateName,
            kind: .component(width: size?.width, height: size?.height, disableAnimations: disableAnimations),
            configuration: configuration, source: SnapshotSource(fileID: fileID, filePath: file, line: line, column: column))
        return assertion.runSynchronously(AnySnapshotRenderable(content))
    }

    /// The asynchronous form of `assertComponentSnapshot`.
    ///
    /// - Parameters:
    ///   - content: What to render: a SwiftUI view on Apple platforms, an `HTMLPage` in Chromium,
    ///     or anything `SnapshotRenderable`.
    ///   - componentName: The component's folder under `__Snapshots__` and its name in reports.
    ///   - stateName: The state's name, the first part of each reference's file name.
    ///   - size: The size in points; nil takes the content's own size.
    ///   - disableAnimations: Render with animations, transitions and the caret off.
    ///   - configuration: The themes, the scale (`componentScale`) and precisions; `.default` is
    ///     `VisualTesting.defaultConfiguration`. A precision outside 0…1 fails every cell naming it.
    ///   - fileID: The asserting file's ID, for issues.
    ///   - file: The asserting file's path: `__Snapshots__` is beside it unless the configuration names a folder.
    ///   - line: The asserting line, for issues.
    ///   - column: The asserting column, for issues.
    /// - Returns: Every cell's result, light then dark.
    @discardableResult
    public static func assertComponentSnapshot(
        of content: some SnapshotRenderable,
        componentName: String,
        stateName: String,
        size: CGSize? = nil,
        disableAnimations: Bool = false,
        configuration: SnapshotConfiguration = .default,
        fileID: StaticString = #fileID,
        file: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async -> [SnapshotResult] {
        let assertion = SnapshotAssertion(
            name: componentName, state: stateName,
            kind: .component(width: size?.width, height: size?.height, disableAnimations: disableAnimations),
            configuration: configuration, source: SnapshotSource(fileID: fileID, filePath: file, line: line, column: column))
        return await assertion.run(AnySnapshotRenderable(content))
    }
}

extension SnapshotAssertion {
    @MainActor
    func runSynchronously(_ content: AnySnapshotRenderable) -> [SnapshotResult] {
        let results = cells.map { cell, environment in
            check(cell, rendered: Result { try content.renderSynchronously(in: environment) })
        }
        finish(results)
        return results
    }

    func run(_ content: AnySnapshotRenderable) async -> [SnapshotResult] {
        var results: [SnapshotResult] = []
        for (cell, environment) in cells {
            let rendered: Result<Bitmap, any Error>
            do {
                rendered = .success(try await content.renderSnapshot(in: environment))
            } catch {
                rendered = .failure(error)
            }
            results.append(check(cell, rendered: rendered))
        }
        finish(results)
        return results
    }
}

extension VisualTesting {
    /// Checks a view's state like `assertViewSnapshot`, with the same record modes,
    /// files, manifest and report, but only returns the results: for tools (`pyramid
    /// demo`, benchmarks) that decide for themselves what a failure means.
    ///
    /// - Parameters:
    ///   - content: What to render: a SwiftUI view on Apple platforms, an `HTMLPage` in Chromium,
    ///     or anything `SnapshotRenderable`.
    ///   - viewName: The view's folder under `__Snapshots__` and its name in reports.
    ///   - stateName: The state's name, the first part of each reference's file name.
    ///   - inNavigation: Render inside a navigation container (a bar above the content).
    ///   - disableAnimations: Render with animations, transitions and the caret off.
    ///   - configuration: The matrix (devices, themes, locales, Dynamic Type) and precisions;
    ///     `.default` is `VisualTesting.defaultConfiguration`. A precision outside 0…1 fails every
    ///     cell with a message naming it; a matrix with no cells is an issue.
    ///   - fileID: The asserting file's ID, for issues.
    ///   - file: The asserting file's path: `__Snapshots__` is beside it unless the configuration names a folder.
    ///   - line: The asserting line, for issues.
    ///   - column: The asserting column, for issues.
    /// - Returns: Every cell's result, in the matrix's order; no issue is recorded.
    @discardableResult
    public static func checkViewSnapshot(
        of content: some SnapshotRenderable, viewName: String, stateName: String,
        inNavigation: Bool = false, disableAnimations: Bool = false, configuration: SnapshotConfiguration = .default,
        fileID: StaticString = #fileID, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> [SnapshotResult] {
        let assertion = SnapshotAssertion(
            name: viewName, state: stateName, kind: .view(inNavigation: inNavigation, disableAnimations: disableAnimations),
            configuration: configuration, source: SnapshotSource(fileID: fileID, filePath: file, line: line, column: column), recordsIssues: false)
        return await assertion.run(AnySnapshotRenderable(content))
    }

    /// Checks a component's state like `assertComponentSnapshot`, returning the results without failing a test.
    ///
    /// - Parameters:
    ///   - content: What to render: a SwiftUI view on Apple platforms, an `HTMLPage` in Chromium,
    ///     or anything `SnapshotRenderable`.
    ///   - componentName: The component's folder under `__Snapshots__` and its name in reports.
    ///   - stateName: The state's name, the first part of each reference's file name.
    ///   - size: The size in points; nil takes the content's own size.
    ///   - disableAnimations: Render with animations, transitions and the caret off.
    ///   - configuration: The themes, the scale (`componentScale`) and precisions; `.default` is
    ///     `VisualTesting.defaultConfiguration`. A precision outside 0…1 fails every cell naming it.
    ///   - fileID: The asserting file's ID, for issues.
    ///   - file: The asserting file's path: `__Snapshots__` is beside it unless the configuration names a folder.
    ///   - line: The asserting line, for issues.
    ///   - column: The asserting column, for issues.
    /// - Returns: Every cell's result, light then dark; no issue is recorded.
    @discardableResult
    public static func checkComponentSnapshot(
        of content: some SnapshotRenderable, componentName: String, stateName: String, size: CGSize? = nil,
        disableAnimations: Bool = false, configuration: SnapshotConfiguration = .default,
        fileID: StaticString = #fileID, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> [SnapshotResult] {
        let assertion = SnapshotAssertion(
            name: componentName, state: stateName,
            kind: .component(width: size?.width, height: size?.height, disableAnimations: disableAnimations),
            configuration: configuration, source: SnapshotSource(fileID: fileID, filePath: file, line: line, column: column), recordsIssues: false)
        return await assertion.run(AnySnapshotRenderable(content))
    }
}
