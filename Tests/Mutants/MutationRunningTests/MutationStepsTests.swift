import Foundation
import LivingSpec
import Mutation
import MutationReport
@testable import MutationRunning
import PyramidTestSupport
import Testing

/// The pipeline's steps that need no build: reading git's diff, the compiler's errors, which
/// files are test code, and the reports.
@Suite("pyramid mutants' steps")
struct MutationStepsTests {
    @Test("a -U0 diff gives each file's added and changed lines; a removal marks the line after it")
    func changedLines() {
        let diff = """
            diff --git a/Sources/A.swift b/Sources/A.swift
            --- a/Sources/A.swift
            +++ b/Sources/A.swift
            @@ -3 +3 @@ func a() {
            -    x
            +    y
            @@ -10,0 +11,2 @@
            +    z
            +    w
            @@ -20,2 +22,0 @@
            -    gone
            -    gone
            diff --git a/Old.swift b/Old.swift
            --- a/Old.swift
            +++ /dev/null
            @@ -1 +0,0 @@
            -x
            """
        let changed = ChangedLines.parse(diff: diff)
        #expect(changed.files["Sources/A.swift"] == .some([3...3, 11...12, 22...22]))
        #expect(changed.files["Old.swift"] == nil, "a removed file has no lines to mutate")
        #expect(changed.touches("Sources/A.swift", lines: 12...14))
        #expect(!changed.touches("Sources/A.swift", lines: 4...10))
        #expect(!changed.touches("Sources/B.swift", lines: 1...100))
        let whole: [String: [ClosedRange<Int>]?] = ["New.swift": nil]
        #expect(ChangedLines(files: whole).touches("New.swift", lines: 40...40), "a new file is changed throughout")
    }

    @Test("the compiler's errors by file and line, only under the copy; the mutants an error is blamed on")
    func compilerErrors() {
        let output = """
            [31/67] Compiling ShopApp ShopApp.swift
            /work/copy/Sources/App/A.swift:25:80: error: result values in '? :' expression have mismatching types
            /work/copy/Sources/App/A.swift:30:1: warning: unused
            /elsewhere/B.swift:2:3: error: outside
            /work/copy/Sources/App/Sub:dir/C.swift:7:9: error: a colon in the path
            error: fatalError
            """
        let errors = SchemaBuild.errors(in: output, root: "/work/copy")
        #expect(errors.keys.sorted() == ["Sources/App/A.swift", "Sources/App/Sub:dir/C.swift"])
        #expect(errors["Sources/App/A.swift"]?.map(\.line) == [25])
        #expect(errors["Sources/App/A.swift"]?.first?.message == "result values in '? :' expression have mismatching types")
        #expect(errors["Sources/App/Sub:dir/C.swift"]?.map(\.line) == [7])
        #expect(SchemaErrorScope.ids(in: "let x = (__pyramidMutantIs(24) ? (a) : __pyramidMutantIs(3) ? (b) : (c)); if !__pyramidMutantIs(105) { f() }") == [24, 3, 105])
        let schema = """
            func f(a: Int, b: Int) -> Int {
                let total = [
                    a,
                    (__pyramidMutantIs(7) ? (b - 1) : (b + 1)),
                ]
                if !__pyramidMutantIs(8) { print(total) }
                return 0
            }
            func g() -> Int { 1 }
            """
        #expect(SchemaErrorScope.mutants(at: 6, in: schema) == [8], "the line's own")
        #expect(SchemaErrorScope.mutants(at: 2, in: schema) == [7], "the statement that begins on the line")
        #expect(SchemaErrorScope.mutants(at: 7, in: schema) == [7, 8], "no statement around the line has one but the function")
        #expect(SchemaErrorScope.mutants(at: 9, in: schema) == [], "nothing around it switches a mutant on")
    }

    @Test("--file PATH:LINE and PATH:FIRST-LAST choose the mutants beginning on those lines; a file named whole as well takes all; bad ranges are errors")
    func fileLines() throws {
        typealias Filter = MutantSelection.FileFilter
        #expect(try Filter(parsing: "Sources/App/Cart.swift") == Filter(path: "Sources/App/Cart.swift", lines: nil))
        #expect(try Filter(parsing: "./Cart.swift:12") == Filter(path: "Cart.swift", lines: 12...12))
        #expect(try Filter(parsing: "Cart.swift:3-9") == Filter(path: "Cart.swift", lines: 3...9))
        #expect(try Filter(parsing: "odd:name.swift") == Filter(path: "odd:name.swift", lines: nil), "not a line number: part of the path")
        for bad in ["Cart.swift:9-3", "Cart.swift:0", "Cart.swift:0-4"] {
            #expect(throws: MutationRunError.self, "\(bad)") { try Filter(parsing: bad) }
        }
        #expect(throws: MutationRunError.invalidOption("--file Cart.swift:9-3: the lines are FIRST-LAST, counted from 1, FIRST not after LAST")) {
            try Filter(parsing: "Cart.swift:9-3")
        }

        let folder = TemporaryFolder("pyramid-selection-lines", create: true)
        try FileManager.default.createDirectory(atPath: folder.path("Sources/App"), withIntermediateDirectories: true)
        for name in ["Cart.swift", "Pricing.swift", "Receipt.swift"] {
            try "let x = 1\n".write(toFile: folder.path("Sources/App/" + name), atomically: true, encoding: .utf8)
        }
        func select(_ filters: [String]) throws -> (files: [String], lines: MutantSelection.Lines) {
            let chosen = try MutantSelection.files(
                package: folder.path, root: folder.path, targets: [(name: "App", folder: folder.path("Sources/App"))], only: [], files: filters)
            return (chosen.files, chosen.lines)
        }
        let chosen = try select(["Cart.swift:3-5", "Cart.swift:9", "Pricing.swift:2", "Pricing.swift", "Receipt.swift"])
        #expect(chosen.files == ["Sources/App/Cart.swift", "Sources/App/Pricing.swift", "Sources/App/Receipt.swift"])
        #expect(chosen.lines.ranges == ["Sources/App/Cart.swift": [3...5, 9...9]], "Pricing.swift is also named whole")
        #expect(chosen.lines.contains("Sources/App/Cart.swift", line: 4) && chosen.lines.contains("Sources/App/Cart.swift", line: 9))
        #expect(!chosen.lines.contains("Sources/App/Cart.swift", line: 6) && !chosen.lines.contains("Sources/App/Cart.swift", line: 2))
        #expect(chosen.lines.contains("Sources/App/Pricing.swift", line: 40) && chosen.lines.contains("Sources/App/Receipt.swift", line: 1))
        #expect(throws: MutationRunError.unknownFile("Missing.swift")) { try select(["Missing.swift:3"]) }
    }

    @Test("test code and generated mocks take no mutants")
    func testCode() throws {
        let folder = TemporaryFolder("pyramid-selection", create: true)
        let files = [
            "plain.swift": "import Foundation\nfunc f() -> Int { 1 }\n",
            "xctest.swift": "import Foundation\n@testable import App\nimport XCTest\n",
            "testing.swift": "public import Testing\n",
            "mock.swift": "///\n/// @Generated by Mockolo\n///\nfinal class M {}\n",
            "named.swift": "// Testing the import of XCTestExtras is not XCTest\nimport XCTestExtras\n",
        ]
        for (name, text) in files { try text.write(toFile: folder.path(name), atomically: true, encoding: .utf8) }
        #expect(!MutantSelection.isTestCode(folder.path("plain.swift")))
        #expect(MutantSelection.isTestCode(folder.path("xctest.swift")))
        #expect(MutantSelection.isTestCode(folder.path("testing.swift")))
        #expect(MutantSelection.isTestCode(folder.path("mock.swift")))
        #expect(!MutantSelection.isTestCode(folder.path("named.swift")))
    }

    static func outcome() -> MutationOutcome {
        func mutant(_ id: Int, line: Int) -> Mutant {
            Mutant(id: id, mutationOperator: .relationalBoundary, file: "Sources/A.swift", start: .init(line: line, column: 5), end: .init(line: line, column: 10),
                   original: "a < b", replacement: "a <= b")
        }
        let verdicts = [
            MutantVerdict(mutant: mutant(1, line: 1), status: .killed, killedBy: ["T.unit()"], coveredBy: ["T.unit()"], levels: ["unit": .killed, "integration": .noCoverage]),
            MutantVerdict(mutant: mutant(2, line: 2), status: .killed, killedBy: ["I.test()"], coveredBy: ["T.unit()", "I.test()"], levels: ["unit": .survived, "integration": .killed]),
            MutantVerdict(mutant: mutant(3, line: 2), status: .survived, coveredBy: ["T.unit()"], levels: ["unit": .survived, "integration": .noCoverage]),
            MutantVerdict(mutant: mutant(4, line: 3), status: .noCoverage, coveredBy: [], levels: ["unit": .noCoverage, "integration": .noCoverage]),
            MutantVerdict(mutant: mutant(5, line: 3), status: .compileError, reason: "does not compile: <b>"),
            MutantVerdict(mutant: mutant(6, line: 3), status: .timeout, killedBy: ["T.unit()"], coveredBy: ["T.unit()"], levels: ["unit": .timeout, "integration": .noCoverage]),
        ]
        return MutationOutcome(package: "Fixture", levels: [.unit, .integration], verdicts: verdicts, sources: ["Sources/A.swift": "a\nb < c\n<x>\n"], tests: 2)
    }

    @Test("scores: (killed + timeout) ÷ (all − compile errors), per level of every judged mutant and in total")
    func scores() {
        let outcome = Self.outcome()
        #expect(outcome.score == 60, "3 of 5")
        #expect(outcome.score(.unit) == 40, "killed and timed out at the unit level: 2 of 5")
        #expect(outcome.score(.integration) == 20)
        #expect(outcome.count(.noCoverage, at: .integration) == 4)
        #expect(outcome.count(.compileError) == 1)
    }

    @Test("the terminal's table and survivors; Markdown; a page with every mutant, escaped")
    func reports() {
        let outcome = Self.outcome()
        let text = MutationSummary.text(outcome)
        #expect(text.hasPrefix("Faults caught per level: 6 mutants in 1 file, judged by 2 tests\n"))
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.contains("  Unit              2         2            1  40.0 %"), "\(lines)")
        #expect(lines.contains("  Integration       1         0            4  20.0 %"), "\(lines)")
        #expect(lines.contains("  All levels        3         1            1  60.0 %"), "\(lines)")
        #expect(text.contains("(1 caught by a timeout, 1 did not compile (left out of the score))"))
        #expect(text.contains("Survivors (1): the tests ran the changed code and passed\n  Sources/A.swift:2:5  a < b → a <= b\n      passed: T.unit()\n"))
        #expect(text.contains("Not reached by any test (1)\n  Sources/A.swift:3:5  a < b → a <= b\n"))
        let markdown = MutationSummary.markdown(outcome)
        #expect(markdown.hasPrefix("## Faults caught per level\n\n5 mutants"), "\(markdown)")
        #expect(markdown.contains("| Unit | 2 | 2 | 1 | 40.0 % |"))
        #expect(markdown.contains("| All levels | 3 | 1 | 1 | 60.0 % |"))
        #expect(markdown.contains("| `Sources/A.swift:2:5` | `a < b → a <= b` | T.unit() |"))
        let html = MutationPage.html(outcome)
        #expect(html.components(separatedBy: "<li class=\"mutant\"").count == 7)
        #expect(html.contains("data-all=\"Survived\" data-unit=\"Survived\" data-integration=\"NoCoverage\""))
        #expect(html.contains("&lt;x&gt;") && html.contains("&lt;b&gt;") && !html.contains("<x>"))
        #expect(!html.contains("http://") && !html.contains("https://"), "the page needs no network")
    }

    @Test("a rewritten source's object is removed from every module's build folder, and only its")
    func rewrittenObjects() throws {
        let scratch = TemporaryFolder("pyramid-objects", create: true)
        let debug = scratch.path("x86_64-unknown-linux-gnu/debug")
        let objects = ["Pricing.build/Flags.swift.o", "Pricing.build/Cart.swift.o", "Units.build/Flags.swift.o", "Units.build/Units.swift.o", "Pricing.build/Flags.swiftdeps"]
        for object in objects {
            try FileManager.default.createDirectory(atPath: debug + "/" + (object as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data("o".utf8).write(to: URL(fileURLWithPath: debug + "/" + object))
        }
        try FileManager.default.createSymbolicLink(atPath: scratch.path("debug"), withDestinationPath: "x86_64-unknown-linux-gnu/debug")
        let removed = RewrittenObjects.forget(["Sources/Pricing/Flags.swift", "Package.swift", "Sources/Pricing/Absent.swift"], scratch: scratch.path)
        #expect(removed == [debug + "/Pricing.build/Flags.swift.o", debug + "/Units.build/Flags.swift.o"])
        let left = objects.filter { FileManager.default.fileExists(atPath: debug + "/" + $0) }
        #expect(left == ["Pricing.build/Cart.swift.o", "Units.build/Units.swift.o", "Pricing.build/Flags.swiftdeps"])
        #expect(RewrittenObjects.forget([], scratch: scratch.path).isEmpty)
        #expect(RewrittenObjects.forget(["A.swift"], scratch: scratch.path("absent")).isEmpty, "no build folder yet: nothing to forget")
    }
}
