@testable import Mutation
import MutationReport
import Testing

/// Where mutants are planted, and where they are not.
@Suite("Finding mutants")
struct MutantFinderTests {
    func mutants(_ source: String) -> [Mutant] {
        MutantSchema(source: source, file: "File.swift", firstID: 1).mutants
    }

    func summary(_ source: String) -> [String] {
        mutants(source).map { "\($0.mutationOperator.rawValue) \($0.start): \($0.original) → \($0.replacement)" }
    }

    @Test("a comparison returned: negated, its boundary moved, and the plain value returned")
    func comparison() {
        #expect(summary("func isAdult(_ age: Int) -> Bool {\n    return age >= 18\n}\n") == [
            "returnPlainValue 2:12: age >= 18 → false",
            "relationalNegated 2:12: age >= 18 → age < 18",
            "relationalBoundary 2:12: age >= 18 → age > 18",
        ])
    }

    @Test("each operator's mutants, numbered in the order they start")
    func operators() {
        let source = """
            func f(a: Int, b: Int, c: Bool, d: Int?) {
                if a == b && c {
                    total = a * b
                }
                guard !c else { return }
                let x = c ? a : b
                let y = d ?? 1
                record(x + y)
            }
            """
        let found = mutants(source)
        #expect(found.map(\.id) == Array(1...found.count))
        #expect(found.map(\.mutationOperator) == [
            .conditionTrue, .conditionFalse, .logical, .equality, .arithmetic,
            .guardRemoved, .notRemoved, .ternarySwapped, .nilCoalescingDefault, .callRemoved, .arithmetic,
        ])
        #expect(found.first { $0.mutationOperator == .ternarySwapped }?.replacement == "c ? b : a")
        #expect(found.first { $0.mutationOperator == .nilCoalescingDefault }?.replacement == "1")
        let removed = found.first { $0.mutationOperator == .callRemoved }
        #expect(removed?.original == "record(x + y)" && removed?.replacement == "")
    }

    @Test("no mutant in logging, print, assertions, preconditions, #expect, default arguments, #if or @inlinable code")
    func quietPlaces() {
        let source = """
            func g(limit: Int = 3 + 4) {
                print(limit > 2)
                assert(limit < 9, "too many: \\(limit + 1)")
                precondition(limit != 0)
                logger.info("limit \\(limit * 2)")
                #expect(limit == 3)
                #if DEBUG && os(Linux)
                #endif
            }
            @inlinable func h(_ a: Int) -> Bool { a > 1 }
            """
        #expect(mutants(source).isEmpty, "\(summary(source))")
    }

    @Test("at most four mutants a line, the first ones")
    func perLine() {
        let found = mutants("let flags = a < b && c < d && e < f\n")
        #expect(found.count == 4)
        #expect(found.allSatisfy { $0.start.line == 1 })
    }

    @Test("a return of the plain value, a `let` condition and a body of one call keep what they are")
    func equivalentOrImpossible() {
        #expect(mutants("func f() -> Bool { return false }\n").isEmpty)
        #expect(summary("func f(x: Int?) { if let x { use(x) } }\n") == ["callRemoved 1:30: use(x) → "], "the call may go, the `let` stays")
        #expect(summary("func v() -> Int { compute() }\n") == ["returnPlainValue 1:19: compute() → 0"])
    }

    @Test("nothing that cannot compile: `-` in a sum of strings, two types swapped, a guard's exit removed; no output")
    func compiles() {
        let source = """
            func page(items: [String], flag: Bool) -> any Shop {
                let text = "<ul>" + "<li>" + items.joined()
                let shop: any Shop = flag ? Local() : Remote.init(url: u)
                guard flag else {
                    warn()
                    exit(2)
                }
                FileHandle.standardError.write(Data(text.utf8))
                fputs(text, stderr)
                return flag ? Local() : Local(cache: true)
            }
            """
        #expect(summary(source) == [
            "guardRemoved 4:11: flag → true",
            "callRemoved 5:9: warn() → ",
            "ternarySwapped 10:12: flag ? Local() : Local(cache: true) → flag ? Local(cache: true) : Local()",
        ], "\(summary(source))")
        #expect(summary("let n = (a + 1) + b\n").count == 2, "a sum of numbers keeps its mutants")
        #expect(summary("let a = x ?? []\nlet b = y ?? [:]\nlet c = z ?? nil\n").isEmpty, "an untyped literal alone cannot compile")
        #expect(summary("let d = w ?? [1]\n") == ["nilCoalescingDefault 1:9: w ?? [1] → [1]"])
    }
}
