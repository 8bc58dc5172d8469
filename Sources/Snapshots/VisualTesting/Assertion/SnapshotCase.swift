public import Foundation
import TestEventStream
public import Testing

/// One state collected by `@SnapshotSuite`: a view or component name, a state name,
/// how to capture it, and how to build it.
///
/// Run every case from one test (`for c in Self.__snapshotCases { c.run() }`), or
/// give each its own identity in Swift Testing:
///
///     @Test(arguments: Self.__snapshotCases)
///     func snapshot(_ snapshotCase: SnapshotCase) { snapshotCase.run() }
public struct SnapshotCase: Sendable, CustomTestStringConvertible, CustomStringConvertible {
    /// What a case snapshots: a whole view on every cell of the matrix, or a component on the theme axis.
    public enum Kind: Sendable, Hashable {
        /// A view (`@Snapshot`), in a navigation shell or not, with animations or not.
        case view(inNavigation: Bool, disableAnimations: Bool)
        /// A nil width or height means the component takes the size of its content on that axis.
        case component(width: CGFloat?, height: CGFloat?, disableAnimations: Bool)
    }

    /// The suite's name: `@SnapshotSuite("SettingsView")`.
    public let viewName: String
    /// The state's name: its function's name.
    public let stateName: String
    /// A view or a component, with its markers.
    public let kind: Kind
    /// Where the state is declared (its `@Snapshot` function, as `@SnapshotSuite` records it):
    /// a failing cell's issue points there, the line a person fixes, rather than at the runner.
    public let declaration: SnapshotSource?
    private let makeContent: @MainActor @Sendable () -> AnySnapshotRenderable

    /// A case; `@SnapshotSuite` writes these for you, with the function as `declaration`.
    public init(
        viewName: String, stateName: String, kind: Kind, declaration: SnapshotSource? = nil,
        makeContent: @escaping @MainActor @Sendable () -> AnySnapshotRenderable
    ) {
        self.viewName = viewName
        self.stateName = stateName
        self.kind = kind
        self.declaration = declaration
        self.makeContent = makeContent
    }

    /// `SettingsView › editing (in navigation, no animation)`, `Card › level1 (component 340×120)`.
    public var description: String {
        var traits: [String] = []
        switch kind {
        case let .view(inNavigation, disableAnimations):
            if inNavigation { traits.append("in navigation") }
            if disableAnimations { traits.append("no animation") }
        case let .component(width, height, disableAnimations):
            let size = [width, height].map { $0.map { Double($0).cleanDescription } ?? "fit" }.joined(separator: "×")
            traits.append("component \(size)")
            if disableAnimations { traits.append("no animation") }
        }
        return "\(viewName) › \(stateName)" + (traits.isEmpty ? "" : " (\(traits.joined(separator: ", ")))")
    }

    /// How a parameterised test names this case.
    public var testDescription: String { description }

    /// Checks this state across the matrix from synchronous main-actor code.
    @MainActor
    @discardableResult
    public func run(
        configuration: SnapshotConfiguration = .default,
        fileID: StaticString = #fileID, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> [SnapshotResult] {
        if !isInThisShard(recordsIssues: true) { return [] }
        return assertion(configuration: configuration, source: SnapshotSource(fileID: fileID, filePath: file, line: line, column: column))
            .runSynchronously(makeContent())
    }

    /// Checks this state across the matrix from asynchronous code.
    @discardableResult
    public func run(
        configuration: SnapshotConfiguration = .default,
        fileID: StaticString = #fileID, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> [SnapshotResult] {
        if !isInThisShard(recordsIssues: true) { return [] }
        let content = await makeContent()
        return await assertion(
            configuration: configuration, source: SnapshotSource(fileID: fileID, filePath: file, line: line, column: column)
        ).run(content)
    }

    /// Checks this state across the matrix like `run`, with the same files, manifest
    /// and report, but only returns the results: for tools such as `pyramid demo`.
    @discardableResult
    public func check(
        configuration: SnapshotConfiguration = .default,
        fileID: StaticString = #fileID, file: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> [SnapshotResult] {
        if !isInThisShard(recordsIssues: false) { return [] }
        let content = await makeContent()
        return await assertion(
            configuration: configuration, source: SnapshotSource(fileID: fileID, filePath: file, line: line, column: column),
            recordsIssues: false
        ).run(content)
    }

    /// Whether `PYRAMID_SHARD` (INDEX/COUNT) leaves this case to this process: every case when it
    /// is unset; else a stable share by the view's and state's names, so CI jobs that run the same
    /// suites with `PYRAMID_SHARD=1/4` … `4/4` check each cell once between them. A malformed
    /// value checks nothing and is reported as an issue.
    func isInThisShard(recordsIssues: Bool, environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        do {
            guard let shard = try TestShard.fromEnvironment(environment) else { return true }
            return shard.owns(snapshotCase: viewName + "/" + stateName)
        } catch {
            if recordsIssues { Issue.record(Comment(rawValue: "\(error)")) }
            return false
        }
    }

    private func assertion(configuration: SnapshotConfiguration, source: SnapshotSource, recordsIssues: Bool = true) -> SnapshotAssertion {
        SnapshotAssertion(
            name: viewName, state: stateName, kind: kind, configuration: configuration, source: source,
            issueLocation: declaration, recordsIssues: recordsIssues)
    }
}

/// What `@SnapshotSuite` makes a struct conform to: its collected cases, for code generic
/// over suites (`func check<Suite: SnapshotSuiteCases>(_: Suite.Type)` reads `Suite.__snapshotCases`).
public protocol SnapshotSuiteCases {
    static var __snapshotCases: [SnapshotCase] { get }
}

extension SnapshotCase {
    /// Checks many cases like `check(configuration:)`, `width` of them at a time (as
    /// many as there are browsers to render them), and returns every cell's result.
    /// `finished` hears each case as it ends, for progress output.
    public static func check(
        _ cases: [SnapshotCase], configuration: SnapshotConfiguration = .default, width: Int,
        finished: @escaping @Sendable (SnapshotCase, [SnapshotResult]) -> Void = { _, _ in }
    ) async -> [SnapshotResult] {
        await withTaskGroup(of: [SnapshotResult].self) { group in
            var pending = cases[...]
            func startNext() {
                guard let snapshotCase = pending.popFirst() else { return }
                group.addTask {
                    let results = await snapshotCase.check(configuration: configuration)
                    finished(snapshotCase, results)
                    return results
                }
            }
            for _ in 0..<max(1, width) { startNext() }
            var all: [SnapshotResult] = []
            for await results in group {
                all += results
                startNext()
            }
            return all
        }
    }
}
