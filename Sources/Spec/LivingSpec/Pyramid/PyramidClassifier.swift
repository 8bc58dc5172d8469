package import TestEventStream

/// Decides each test's ``PyramidLevel``, by these rules, first match wins:
/// 1. A tag named after a level (`unit`, `integration`, `snapshot`, `ui`; any case) on the test,
///    or on the nearest suite above it that has one: `@Suite(.tags(.ui))`.
/// 2. The level given for its target (test module): `pyramid spec --level ShopUITests=ui`.
/// 3. The kind of test bundle Xcode gave its target, for a run read from a result bundle: a
///    UI test bundle is UI.
/// 4. Its target's name: ending in `UITests` is UI, in `SnapshotTests` snapshot, in
///    `IntegrationTests` integration. Any other target is unit.
package struct PyramidClassifier: Sendable {
    /// Levels given per target, checked after tags.
    package var targetLevels: [String: PyramidLevel]

    /// A classifier that places a test target's untagged tests at the level `targetLevels` gives it (`pyramid spec --level TARGET=LEVEL`).
    package init(targetLevels: [String: PyramidLevel] = [:]) {
        self.targetLevels = targetLevels
    }

    /// Why a test got its level.
    package enum Reason: Sendable, Equatable, CustomStringConvertible {
        /// A level tag, on the test or a suite above it (named).
        case tag(String, on: String)
        /// The target's level given on the command line.
        case targetOption(String)
        /// The target's name.
        case targetName(String)
        /// The target is a UI test bundle, as Xcode's result bundle says.
        case bundleKind(String)
        /// No rule matched: unit.
        case `default`(String)

        package var description: String {
            switch self {
            case .tag(let tag, let node): "tag .\(tag) on \(node)"
            case .targetOption(let target): "--level \(target)"
            case .targetName(let target): "target name \(target)"
            case .bundleKind(let target): "\(target) is a UI test bundle"
            case .default(let target): "target \(target) (unit by default)"
            }
        }
    }

    /// The level of `test`, given the suites above it (outermost first), its module's name and,
    /// for a run from an Xcode result bundle, the kind of test bundle its module is.
    package func level(
        of test: TestNode, suites: [TestNode], module: String, bundleKind: TestBundleKind? = nil
    ) -> (level: PyramidLevel, reason: Reason) {
        for node in [test] + suites.reversed() {
            for tag in node.tags {
                if let level = Self.level(named: tag) { return (level, .tag(tag, on: node.title)) }
            }
        }
        return level(ofModule: module, bundleKind: bundleKind)
    }

    /// The level of a test without a level tag, in `module`: rules 2 to 4.
    package func level(ofModule module: String, bundleKind: TestBundleKind? = nil) -> (level: PyramidLevel, reason: Reason) {
        if let level = targetLevels[module] { return (level, .targetOption(module)) }
        if bundleKind == .ui { return (.ui, .bundleKind(module)) }
        if module.hasSuffix("UITests") { return (.ui, .targetName(module)) }
        if module.hasSuffix("SnapshotTests") { return (.snapshot, .targetName(module)) }
        if module.hasSuffix("IntegrationTests") { return (.integration, .targetName(module)) }
        return (.unit, .default(module))
    }

    /// Calls `body` with each test function of `run`, the suites above it (outermost first),
    /// its module, and its level and why.
    package func forEachTest(
        in run: TestRun, _ body: (_ test: TestNode, _ suites: [TestNode], _ module: String, _ level: PyramidLevel, _ reason: Reason) -> Void
    ) {
        func walk(_ node: TestNode, suites: [TestNode], module: String, bundleKind: TestBundleKind?) {
            switch node.kind {
            case .function:
                let (level, reason) = level(of: node, suites: suites, module: module, bundleKind: bundleKind)
                body(node, suites, module, level, reason)
            case .suite:
                let suites = suites + [node]
                for index in node.children.indices { walk(node.children[index], suites: suites, module: module, bundleKind: bundleKind) }
            case .module:
                for index in node.children.indices { walk(node.children[index], suites: suites, module: node.name, bundleKind: node.bundleKind) }
            }
        }
        for module in run.modules { walk(module, suites: [], module: module.name, bundleKind: module.bundleKind) }
    }

    /// The level a tag names: `unit`, `integration`, `snapshot` or `ui`, in any case, with or
    /// without a leading dot; nil for any other tag.
    package static func level(named tag: String) -> PyramidLevel? {
        let name = (tag.hasPrefix(".") ? String(tag.dropFirst()) : tag).lowercased()
        return PyramidLevel(rawValue: name)
    }
}
