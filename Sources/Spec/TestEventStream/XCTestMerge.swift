extension TestRun {
    /// The run with XCTest's results folded in, beside Swift Testing's: module › class › method,
    /// each method one function node marked ``TestFramework/xctest`` with its outcome, duration,
    /// and failures (message and file:line).
    ///
    /// - Parameters:
    ///   - records: What XCTest reported (``XCTestLogReader`` or ``XUnitReader``).
    ///   - list: `swift test list`'s output, which says each class's module and which frameworks
    ///     the package uses, and orders the tests (XCTest runs them in its order: the shards of
    ///     a run, merged, read as one run); without it a class goes to the module its failures'
    ///     file paths name, else to a module named `XCTest`, in the order of `records`.
    package func adding(xctest records: [XCTestRecord], list: TestList? = nil) -> TestRun {
        var run = self
        var records = records
        if let list {
            run.declaredFrameworks = list.frameworks.union(run.declaredFrameworks ?? [])
            var places: [String: Int] = [:]
            for (place, entry) in list.entries.enumerated() where entry.framework == .xctest {
                places[entry.container + "/" + entry.name] = places[entry.container + "/" + entry.name] ?? place
            }
            // Stable: a test the list does not name stays where it was, after those it names.
            records = records.enumerated().sorted { first, second in
                let (a, b) = (places[first.element.className + "/" + first.element.method], places[second.element.className + "/" + second.element.method])
                return (a ?? Int.max, first.offset) < (b ?? Int.max, second.offset)
            }.map(\.element)
        }
        // A class's module, from any of its methods whose failure names a path.
        var pathModules: [String: String] = [:]
        for record in records where pathModules[record.className] == nil {
            pathModules[record.className] = Self.module(fromFailuresOf: record)
        }
        for record in records {
            let module = record.module ?? list?.module(ofXCTestClass: record.className) ?? pathModules[record.className] ?? "XCTest"
            let moduleIndex = run.modules.firstIndex { $0.name == module } ?? {
                run.modules.append(TestNode(id: module, kind: .module, name: module))
                return run.modules.count - 1
            }()
            let suiteID = module + "." + record.className
            let suiteIndex = run.modules[moduleIndex].children.firstIndex { $0.id == suiteID } ?? {
                run.modules[moduleIndex].children.append(TestNode(id: suiteID, kind: .suite, name: record.className, framework: .xctest))
                return run.modules[moduleIndex].children.count - 1
            }()
            var test = TestNode(id: suiteID + "/" + record.method, kind: .function, name: record.method, framework: .xctest)
            test.duration = record.duration
            var testCase = TestCaseResult(arguments: nil)
            testCase.duration = record.duration
            testCase.issues = record.failures.map { failure in
                IssueRecord(
                    kind: .failure, message: failure.message, details: [],
                    place: failure.line.map { SourcePlace(fileID: Self.fileID(failure.file, module: module), line: $0) })
            }
            if record.outcome == .failed && testCase.issues.isEmpty {
                testCase.issues = [IssueRecord(kind: .failure, message: "failed", details: [], place: nil)]
            }
            test.cases = [testCase]
            if record.outcome == .skipped { test.skipReason = record.skipReason ?? "" }
            run.modules[moduleIndex].children[suiteIndex].children.append(test)
            let suite = run.modules[moduleIndex].children[suiteIndex]
            run.modules[moduleIndex].children[suiteIndex].duration = suite.children.compactMap(\.duration).reduce(0, +)
        }
        return run
    }

    /// `Tests/LoginTests/LoginTests.swift` → `LoginTests`: the folder under `Tests`, SwiftPM's
    /// layout; in a layout with folders between (`Tests/Spec/LoginTests/…`), the first folder
    /// under `Tests` named like a test target (`…Tests`).
    static func module(fromFailuresOf record: XCTestRecord) -> String? {
        for failure in record.failures {
            guard let file = failure.file else { continue }
            let parts = file.split(separator: "/")
            guard let tests = parts.lastIndex(of: "Tests"), tests + 2 < parts.count else { continue }
            let folders = parts[(tests + 1)..<(parts.count - 1)]
            return String(folders.first { $0.hasSuffix("Tests") } ?? folders.first!)
        }
        return nil
    }

    /// A printed path as Swift Testing's `fileID` spells places: `Module/File.swift`.
    static func fileID(_ file: String?, module: String) -> String {
        guard let file else { return module }
        let name = file.split(separator: "/").last.map(String.init) ?? file
        return module + "/" + name
    }
}
