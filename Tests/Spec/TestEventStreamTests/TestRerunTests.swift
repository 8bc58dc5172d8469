import Foundation
import Testing
import TestEventStream

/// Folding a rerun of failed tests into the first run (`--retries`), and the exact filters the
/// rerun is made with.
@Suite("Reruns of failed tests")
struct TestRerunTests {
    static func failure(_ text: String) -> IssueRecord { IssueRecord(kind: .failure, message: text, details: [], place: nil) }

    static func test(_ id: String, cases: [(arguments: String?, failure: String?)], parameterized: Bool = false) -> TestNode {
        var node = TestNode(id: id, kind: .function, name: String(id.split(separator: "/")[1]))
        node.isParameterized = parameterized
        node.cases = cases.map { arguments, failure in
            var testCase = TestCaseResult(arguments: arguments)
            testCase.issues = failure.map { [Self.failure($0)] } ?? []
            testCase.duration = 0.5
            return testCase
        }
        return node
    }

    static func run(_ tests: [TestNode]) -> TestRun {
        var suite = TestNode(id: "M.S", kind: .suite, name: "S")
        suite.children = tests
        var module = TestNode(id: "M", kind: .module, name: "M")
        module.children = [suite]
        return TestRun(modules: [module], diagnostics: [], streamVersion: "6.3", duration: 1, startedAt: nil)
    }

    static func matches(_ pattern: String, _ name: String) throws -> Bool {
        try NSRegularExpression(pattern: pattern).firstMatch(in: name, range: NSRange(name.startIndex..., in: name)) != nil
    }

    @Test("a Swift Testing test's filter selects its id, with or without the source location, and no other")
    func swiftTestingFilter() throws {
        let node = TestNode(id: "ShopTests.Cart/total()/CartTests.swift:12:6", kind: .function, name: "total()")
        #expect(node.exactFilter == #"^ShopTests\.Cart/total\(\)(/|$)"#)
        #expect(try Self.matches(node.exactFilter, "ShopTests.Cart/total()/CartTests.swift:12:6"))
        #expect(try Self.matches(node.exactFilter, "ShopTests.Cart/total()"))
        #expect(try !Self.matches(node.exactFilter, "ShopTests.Cart/totalWithTax()"))
        #expect(try !Self.matches(node.exactFilter, "OtherShopTests.Cart/total()"))
    }

    @Test("an XCTest test's filter is Module.Class/method exactly; its module left open when the run did not know it")
    func xctestFilter() throws {
        let known = TestNode(id: "ShopTests.CartXCTests/testTotal", kind: .function, name: "testTotal", framework: .xctest)
        #expect(try Self.matches(known.exactFilter, "ShopTests.CartXCTests/testTotal"))
        #expect(try !Self.matches(known.exactFilter, "ShopTests.CartXCTests/testTotalTwice"))
        let unknown = TestNode(id: "XCTest.CartXCTests/testTotal", kind: .function, name: "testTotal", framework: .xctest)
        #expect(try Self.matches(unknown.exactFilter, "ShopTests.CartXCTests/testTotal"))
        #expect(try !Self.matches(unknown.exactFilter, "ShopTests.OtherCartXCTests/testTotal"))
    }

    @Test("a test that failed then passed is flaky, with its first attempt kept; one that failed again keeps both failures")
    func flakyAndFailed() {
        let first = Self.run([
            Self.test("M.S/a()", cases: [(nil, "a broke")]), Self.test("M.S/b()", cases: [(nil, "b broke")]),
            Self.test("M.S/c()", cases: [(nil, nil)]),
        ])
        #expect(first.failedTests.map(\.id) == ["M.S/a()", "M.S/b()"])
        let rerun = Self.run([Self.test("M.S/a()", cases: [(nil, nil)]), Self.test("M.S/b()", cases: [(nil, "b broke again")])])
        let merged = first.merging(rerun: rerun, number: 1, expected: ["M.S/a()", "M.S/b()"])
        let tests = Dictionary(uniqueKeysWithValues: merged.tests.map { ($0.id, $0) })
        #expect(tests["M.S/a()"]?.outcome == .flaky)
        #expect(tests["M.S/a()"]?.cases[0].earlierAttempts.map(\.issues) == [[Self.failure("a broke")]])
        #expect(tests["M.S/b()"]?.outcome == .failed)
        #expect(tests["M.S/b()"]?.cases[0].attemptCount == 2)
        #expect(tests["M.S/b()"]?.cases[0].issues == [Self.failure("b broke again")])
        #expect(tests["M.S/c()"]?.cases[0].attemptCount == 1)
        #expect(merged.counts[.flaky] == 1 && merged.counts[.failed] == 1 && merged.counts[.passed] == 1)
        #expect(merged.diagnostics.isEmpty)
    }

    @Test("a parameterised test runs again whole: only its failed case takes the rerun, and the test says it ran whole")
    func parameterised() {
        let first = Self.run([Self.test("M.S/p(_:)", cases: [("1", nil), ("2", "two broke"), ("3", nil)], parameterized: true)])
        // In the rerun a case that had passed fails: it is not a retry of anything, and is not counted.
        let rerun = Self.run([Self.test("M.S/p(_:)", cases: [("1", "one broke now"), ("2", nil), ("3", nil)], parameterized: true)])
        let test = first.merging(rerun: rerun, number: 1, expected: ["M.S/p(_:)"]).tests[0]
        #expect(test.outcome == .flaky)
        #expect(test.rerunWhole)
        #expect(test.cases.map(\.attemptCount) == [1, 2, 1])
        #expect(test.cases.map(\.arguments) == ["1", "2", "3"])
        #expect(test.cases[0].issues.isEmpty)
    }

    @Test("a failure recorded on the test, not a case, becomes its first case's earlier attempt")
    func testLevelFailure() {
        var node = Self.test("M.S/t()", cases: [(nil, nil)])
        node.issues = [Self.failure("threw before its case")]
        let merged = Self.run([node]).merging(rerun: Self.run([Self.test("M.S/t()", cases: [(nil, nil)])]), number: 1, expected: ["M.S/t()"])
        let test = merged.tests[0]
        #expect(test.outcome == .flaky)
        #expect(test.issues.isEmpty)
        #expect(test.cases[0].earlierAttempts[0].issues == [Self.failure("threw before its case")])
    }

    @Test("a test the rerun did not run keeps its failure, and a note says so; the rerun's own diagnostics are kept, numbered")
    func notRerun() {
        let first = Self.run([Self.test("M.S/a()", cases: [(nil, "a broke")])])
        var rerun = Self.run([])
        rerun.diagnostics = [StreamDiagnostic(line: 3, severity: .error, message: "not JSON")]
        let merged = first.merging(rerun: rerun, number: 2, expected: ["M.S/a()"])
        #expect(merged.tests[0].outcome == .failed)
        #expect(merged.tests[0].cases[0].attemptCount == 1)
        #expect(merged.diagnostics.map(\.description) == [
            "line 3: rerun 2: not JSON", "rerun 2: M.S/a() was to run again, but did not run; its failure stands",
        ])
    }

    @Test("a quarantined failure is counted among the failures, but not among those that fail the run")
    func quarantinedCounts() {
        var broken = Self.test("M.S/a()", cases: [(nil, "a broke")])
        broken.quarantine = QuarantineMark(reason: "known", since: "2026-11-27")
        let run = Self.run([broken, Self.test("M.S/b()", cases: [(nil, "b broke")])])
        #expect(run.counts[.failed] == 2)
        #expect(run.counts.quarantinedFailures == 1)
        #expect(run.counts.blockingFailures == 1)
        #expect(run.counts.summary() == "2 failed (1 quarantined)")
        #expect(broken.quarantine?.description == "quarantined since 2026-11-27: known")
    }
}
