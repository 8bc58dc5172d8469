import Foundation
import LivingSpec
import Testing
import TestEventStream

/// The renderings make a large module's body in pieces on every core; put together, the pieces
/// must be the body made in one.
@Suite("Renderings made in pieces")
struct SpecPiecesTests {
    /// One module of 300 children: runs of one to four tests between suites of two tests, so
    /// the pieces' edges fall inside lists of tests, between suites, and on both sides of each.
    static func run() -> TestRun {
        var module = TestNode(id: "M", kind: .module, name: "M")
        func function(_ id: String, failing: Bool) -> TestNode {
            var node = TestNode(id: "\(id)()/F.swift:1:1", kind: .function, name: "\(id)()")
            var testCase = TestCaseResult(arguments: nil)
            if failing { testCase.issues = [IssueRecord(kind: .failure, message: "\(id) broke", details: [], place: nil)] }
            node.cases = [testCase]
            return node
        }
        var index = 0
        while module.children.count < 300 {
            for _ in 0..<(index % 4 + 1) { module.children.append(function("M.t\(module.children.count)", failing: module.children.count % 17 == 0)) }
            var suite = TestNode(id: "M.S\(index)", kind: .suite, name: "S\(index)")
            suite.children = [function("M.S\(index)/a", failing: false), function("M.S\(index)/b", failing: index % 5 == 0)]
            module.children.append(suite)
            index += 1
        }
        return TestRun(modules: [module], diagnostics: [], streamVersion: "6.3.0", duration: 1, startedAt: nil)
    }

    @Test("Markdown, HTML and JUnit made in pieces equal each made in one piece")
    func piecesEqualOne() throws {
        let run = Self.run()
        #expect(run.modules[0].children.count / 2 >= SpecPieces.smallest, "enough children to be cut into pieces")
        let pieces = (MarkdownSpec.render(SpecDocument(run: run, title: "T")), HTMLSpec.render(SpecDocument(run: run, title: "T")), JUnitSpec.render(SpecDocument(run: run, title: "T")))
        let one = SpecPieces.$smallest.withValue(Int.max) {
            (MarkdownSpec.render(SpecDocument(run: run, title: "T")), HTMLSpec.render(SpecDocument(run: run, title: "T")), JUnitSpec.render(SpecDocument(run: run, title: "T")))
        }
        #expect(pieces.0 == one.0)
        #expect(pieces.1 == one.1)
        #expect(pieces.2 == one.2)
        // The one-piece renderings are what they should be: every list of tests, and the list of
        // failures at the top, closed once.
        let lists = one.1.components(separatedBy: "<ul class=\"tests\">").count + one.1.components(separatedBy: "<h2>Failures (").count - 1
        #expect(lists == one.1.components(separatedBy: "</ul>").count)
        #expect(!one.0.contains("\n\n\n"))
        #expect(one.2.components(separatedBy: "<testsuite ").count - 1 == 1 + run.modules[0].children.filter { $0.kind == .suite }.count)
    }
}
