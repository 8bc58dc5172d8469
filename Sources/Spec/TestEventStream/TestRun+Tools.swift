/// What swift-pyramid's own fuzzers read of a run, kept out of the library's API: the members
/// behind it are `package`, and the fuzzers are a package of their own
/// (`@_spi(PyramidTools) import TestEventStream`).
extension TestRun {
    /// Every node's id: modules, suites, tests and cases.
    @_spi(PyramidTools) public var __nodeIDs: Set<String> {
        var ids = Set<String>()
        var pending = modules
        while let node = pending.popLast() {
            ids.insert(node.id)
            pending += node.children
        }
        return ids
    }

    /// The tests' ids, in the run's order.
    @_spi(PyramidTools) public var __testIDs: [String] { tests.map(\.id) }

    /// What the reader said of the stream: each diagnostic's line (nil for the whole stream) and text.
    @_spi(PyramidTools) public var __diagnostics: [(line: Int?, text: String)] {
        diagnostics.map { ($0.line, $0.description) }
    }
}

/// Names a run's test ids as ``TestRun`` does, for swift-pyramid's own fuzzers.
@_spi(PyramidTools) public func __testIdentities(of ids: [String]) -> [String] { TestIdentity.of(ids) }
