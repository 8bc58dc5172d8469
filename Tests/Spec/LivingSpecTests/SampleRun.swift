import Foundation
@_spi(PyramidTools) import TestEventStream

/// The recorded sample run (see scripts/record-spec-fixture), read with its attachments.
enum SampleRun {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static var eventStream: String { fixtures.appendingPathComponent("sample-6.3-experimental.jsonl").path }
    static var attachments: String { fixtures.appendingPathComponent("sample-attachments").path }

    static func run() throws -> TestRun {
        let data = try Data(contentsOf: URL(fileURLWithPath: eventStream))
        return EventStreamReader.read(data) { path in
            FileManager.default.contents(atPath: attachments + "/" + (path as NSString).lastPathComponent)
        }
    }

    /// A run of one suite holding one test, for renderers' edge cases.
    static func single(suite: String, test: String, issue: IssueRecord? = nil, steps: [StepRecord] = []) -> TestRun {
        var testCase = TestCaseResult(arguments: nil)
        testCase.issues = issue.map { [$0] } ?? []
        testCase.steps = steps
        var function = TestNode(id: "M.S/t()/F.swift:1:1", kind: .function, name: "t()")
        function.displayName = test
        function.cases = [testCase]
        var suiteNode = TestNode(id: "M.S", kind: .suite, name: "S")
        suiteNode.displayName = suite
        suiteNode.children = [function]
        var module = TestNode(id: "M", kind: .module, name: "M")
        module.children = [suiteNode]
        return TestRun(modules: [module], diagnostics: [], streamVersion: "6.3.0", duration: 0.5, startedAt: nil)
    }
}
