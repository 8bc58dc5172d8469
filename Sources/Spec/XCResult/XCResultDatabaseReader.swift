import Foundation
import TestEventStream

/// Reads the test results of an Xcode 16+ result bundle's `database.sqlite3` into a
/// ``TestRun``: testables become modules, suites and cases keep their tree and display names,
/// and each case's repetitions become its attempts.
///
/// Columns are read by name (Xcode 16 and 26 order them differently, and 26 renamed
/// `isTopLevelFailure`); a table or column the reader needs and cannot find is an error that
/// names it.
struct XCResultDatabaseReader {
    let database: SQLiteDatabase
    /// Where attachment payloads go, when the bundle has them.
    var extractor: AttachmentExtractor?

    /// Seconds from 1970 to 2001, Apple's reference date, which the database's times count from.
    static let referenceDate = 978_307_200.0

    func read() throws(XCResultError) -> TestRun {
        let db = database
        let testables = try XCResultTable("Testables", required: ["name", "testKind"], optional: ["orderInTestPlan"], from: db)
        let suites = try XCResultTable(
            "TestSuites", required: ["name", "testable_fk", "parentSuite_fk"], optional: ["summary", "identifier", "orderInParent"],
            from: db)
        let cases = try XCResultTable(
            "TestCases", required: ["name", "testSuite_fk"], optional: ["summary", "identifier", "identifierURL", "orderInTestSuite"],
            from: db)
        let runs = try XCResultTable(
            "TestCaseRuns", required: ["result", "testCase_fk", "testSuiteRun_fk"],
            optional: ["duration", "orderInTestSuiteRun", "skipNotice_fk", "repetitionPolicy_fk"], from: db)
        let policies = try XCResultTable("RepetitionPolicies", required: ["repetition"], optional: ["repetitionModeString"], from: db)
        let suiteRuns = try XCResultTable(
            "TestSuiteRuns", required: ["testSuite_fk", "parentSuiteRun_fk", "testableRun_fk"], optional: ["duration"], from: db)
        let issues = try XCResultTable(
            "TestIssues", required: ["testCaseRun_fk", "compactDescription"],
            optional: ["detailedDescription", "sourceCodeContext_fk", "orderInOwner", "testSuiteRun_fk"], from: db)
        let contexts = try XCResultTable("SourceCodeContexts", required: ["location_fk"], from: db)
        let locations = try XCResultTable("SourceCodeLocations", required: ["filePath", "lineNumber"], from: db)
        let skips = try XCResultTable("SkipNotices", required: ["message"], from: db)
        let expected = try XCResultTable(
            "ExpectedFailures", required: ["testCaseRun_fk", "issue_fk"], optional: ["failureReason"], from: db)
        let tags = try XCResultTable("TestTags", required: ["name", "testCase_fk", "testSuite_fk"], from: db)
        let arguments = try XCResultTable(
            "Arguments", required: ["testCaseRun_fk", "testValue_fk"], optional: ["orderInTestCaseRun"], from: db)
        let values = try XCResultTable("TestValues", required: ["description"], from: db)
        let testableRuns = try XCResultTable("TestableRuns", required: ["testPlanRun_fk"], from: db)
        let planRuns = try XCResultTable("TestPlanRuns", required: ["action_fk", "configuration_fk"], from: db)
        let actions = try XCResultTable("Actions", required: ["runDestination_fk"], optional: ["started", "finished"], from: db)
        let destinations = try XCResultTable("RunDestinations", required: ["name", "device_fk"], from: db)
        let devices = try XCResultTable("Devices", required: ["operatingSystemVersion"], from: db)
        let configurations = try XCResultTable("TestPlanConfigurations", required: ["name"], from: db)
        let attachments = try XCResultTable(
            "Attachments", required: ["name", "activity_fk", "testIssue_fk"],
            optional: ["uniformTypeIdentifier", "xcResultKitPayloadRefId", "filenameOverride"], from: db)
        let activities = try XCResultTable("Activities", required: ["testCaseRun_fk", "parent_fk"], optional: ["startTime"], from: db)

        // Where each suite run ran: up to its testable run, then its plan run's configuration
        // and its action's destination.
        var placeOfSuiteRun: [Int: Place] = [:]
        func place(ofSuiteRun id: Int) -> Place {
            if let known = placeOfSuiteRun[id] { return known }
            var result = Place(device: nil, configuration: nil)
            var seen: Set<Int> = []
            var current = suiteRuns.row(id)
            while let row = current, seen.insert(row.id).inserted {
                if let testableRun = testableRuns.row(row["testableRun_fk"].int) {
                    let planRun = planRuns.row(testableRun["testPlanRun_fk"].int)
                    let action = actions.row(planRun?["action_fk"].int)
                    if let destination = destinations.row(action?["runDestination_fk"].int) {
                        let os = devices.row(destination["device_fk"].int)?["operatingSystemVersion"].string
                        let name = destination["name"].string ?? "device"
                        result.device = os.map { "\(name) (\($0))" } ?? name
                    }
                    result.configuration = configurations.row(planRun?["configuration_fk"].int)?["name"].string
                    break
                }
                current = suiteRuns.row(row["parentSuiteRun_fk"].int)
            }
            placeOfSuiteRun[id] = result
            return result
        }

        // Issues, expected failures, arguments, attachments and skip notices by case run.
        var issuesByRun: [Int: [XCResultTable.Row]] = [:]
        for issue in issues.all {
            if let run = issue["testCaseRun_fk"].int { issuesByRun[run, default: []].append(issue) }
        }
        var expectedIssues: [Int: String] = [:]
        for failure in expected.all {
            if let issue = failure["issue_fk"].int { expectedIssues[issue] = failure["failureReason"].string ?? "" }
        }
        var argumentsByRun: [Int: [(order: Int, text: String)]] = [:]
        for argument in arguments.all {
            guard let run = argument["testCaseRun_fk"].int else { continue }
            let text = values.row(argument["testValue_fk"].int)?["description"].string ?? "?"
            argumentsByRun[run, default: []].append((argument["orderInTestCaseRun"].int ?? 0, text))
        }
        var startOfRun: [Int: Double] = [:]
        var runOfActivity: [Int: Int] = [:]
        func run(ofActivity id: Int?) -> Int? {
            guard let id else { return nil }
            if let known = runOfActivity[id] { return known }
            var seen: Set<Int> = []
            var current = activities.row(id)
            while let row = current, seen.insert(row.id).inserted {
                if let run = row["testCaseRun_fk"].int {
                    runOfActivity[id] = run
                    return run
                }
                current = activities.row(row["parent_fk"].int)
            }
            return nil
        }
        for activity in activities.all {
            if let run = activity["testCaseRun_fk"].int, let start = activity["startTime"].double {
                startOfRun[run] = min(startOfRun[run] ?? .infinity, start + Self.referenceDate)
            }
        }
        var attachmentsByRun: [Int: [AttachmentRecord]] = [:]
        for attachment in attachments.all {
            let owner = run(ofActivity: attachment["activity_fk"].int)
                ?? issues.row(attachment["testIssue_fk"].int)?["testCaseRun_fk"].int
            guard let owner else { continue }
            let name = attachment["name"].string ?? "attachment"
            let path = attachment["xcResultKitPayloadRefId"].string.flatMap { payload in
                extractor?.plan(payload: payload, name: attachment["filenameOverride"].string ?? name)
            }
            attachmentsByRun[owner, default: []].append(AttachmentRecord(
                name: name, path: path, type: attachment["uniformTypeIdentifier"].string,
                missing: path == nil ? "not in the bundle" : nil))
        }

        func issueRecords(ofRun id: Int, module: String) -> [IssueRecord] {
            let rows = (issuesByRun[id] ?? []).sorted { ($0["orderInOwner"].int ?? 0) < ($1["orderInOwner"].int ?? 0) }
            return rows.map { row in
                var message = row["compactDescription"].string ?? ""
                var details: [String] = []
                if let detailed = row["detailedDescription"].string, !detailed.isEmpty, detailed != message {
                    if message.isEmpty { message = detailed } else { details.append(detailed) }
                }
                var place: SourcePlace?
                let location = locations.row(contexts.row(row["sourceCodeContext_fk"].int)?["location_fk"].int)
                if let location, let path = location["filePath"].string, let line = location["lineNumber"].int {
                    place = SourcePlace(fileID: module + "/" + (path as NSString).lastPathComponent, line: line)
                }
                if let reason = expectedIssues[row.id] {
                    if !reason.isEmpty { details.append(reason) }
                    return IssueRecord(kind: .knownIssue, message: message, details: details, place: place)
                }
                return IssueRecord(kind: .failure, message: message, details: details, place: place)
            }
        }

        // Group each case's runs by where they ran and their arguments; order by repetition.
        struct Group {
            var key: String
            var arguments: String?
            var place: Place
            var runs: [(repetition: Int, order: Int, row: XCResultTable.Row)]
        }
        var groupsByCase: [Int: [Group]] = [:]
        var groupIndex: [String: (testCase: Int, at: Int)] = [:]
        for row in runs.all {
            guard let testCase = row["testCase_fk"].int else { continue }
            guard let suiteRun = row["testSuiteRun_fk"].int else {
                throw XCResultError(.inconsistent("test case run \(row.id) has no suite run"), path: db.path)
            }
            let runPlace = place(ofSuiteRun: suiteRun)
            let argumentList = (argumentsByRun[row.id] ?? []).sorted { $0.order < $1.order }.map(\.text)
            let argumentText = argumentList.isEmpty ? nil : argumentList.joined(separator: ", ")
            let key = "\(testCase)\u{1}\(runPlace.device ?? "")\u{1}\(runPlace.configuration ?? "")\u{1}\(argumentText ?? "\u{2}")"
            let repetition = policies.row(row["repetitionPolicy_fk"].int)?["repetition"].int ?? 1
            let entry = (repetition: repetition, order: row["orderInTestSuiteRun"].int ?? row.id, row: row)
            if let known = groupIndex[key], var groups = groupsByCase.removeValue(forKey: known.testCase) {
                groups[known.at].runs.append(entry)
                groupsByCase[known.testCase] = groups
            } else {
                groupIndex[key] = (testCase, groupsByCase[testCase, default: []].count)
                groupsByCase[testCase, default: []].append(Group(key: key, arguments: argumentText, place: runPlace, runs: [entry]))
            }
        }

        func attempt(_ row: XCResultTable.Row, module: String) -> (attempt: TestAttempt, attachments: [AttachmentRecord]) {
            var recorded = issueRecords(ofRun: row.id, module: module)
            let result = row["result"].string ?? ""
            var skipReason: String?
            if result == "Skipped" {
                skipReason = Self.skipReason(skips.row(row["skipNotice_fk"].int)?["message"].string ?? "")
            } else if result == "Failure", !recorded.contains(where: { $0.kind == .failure }) {
                recorded.append(IssueRecord(kind: .failure, message: "failed", details: [], place: nil))
            } else if result == "Expected Failure" {
                recorded = recorded.map { IssueRecord(kind: .knownIssue, message: $0.message, details: $0.details, place: $0.place) }
            }
            return (TestAttempt(issues: recorded, duration: row["duration"].double, startedAt: startOfRun[row.id], skipReason: skipReason),
                    attachmentsByRun[row.id] ?? [])
        }

        // The tree: testables › suites › cases.
        var suiteChildren: [Int: [Int]] = [:]
        var rootSuites: [Int: [Int]] = [:]
        for suite in suites.all {
            if let parent = suite["parentSuite_fk"].int {
                suiteChildren[parent, default: []].append(suite.id)
            } else if let testable = suite["testable_fk"].int {
                rootSuites[testable, default: []].append(suite.id)
            }
        }
        var casesOfSuite: [Int: [Int]] = [:]
        for testCase in cases.all {
            if let suite = testCase["testSuite_fk"].int { casesOfSuite[suite, default: []].append(testCase.id) }
        }
        var tagsOfCase: [Int: [String]] = [:]
        var tagsOfSuite: [Int: [String]] = [:]
        for tag in tags.all {
            guard let name = tag["name"].string else { continue }
            if let testCase = tag["testCase_fk"].int { tagsOfCase[testCase, default: []].append(name) }
            if let suite = tag["testSuite_fk"].int { tagsOfSuite[suite, default: []].append(name) }
        }
        var suiteDurations: [Int: Double] = [:]
        for suiteRun in suiteRuns.all {
            if let suite = suiteRun["testSuite_fk"].int, let duration = suiteRun["duration"].double {
                suiteDurations[suite, default: 0] += duration
            }
        }

        func order(_ table: XCResultTable, _ column: String) -> (Int, Int) -> Bool {
            { a, b in
                let (x, y) = (table.row(a)?[column].int ?? a, table.row(b)?[column].int ?? b)
                return x == y ? a < b : x < y
            }
        }

        // Xcode 26 writes Swift Testing's durations rounded to whole seconds (its JSON says "0s",
        // "2s"), XCTest's to the microsecond. When every Swift Testing run of the bundle has a whole
        // number, its tests are marked so, and the spec does not show a 0 as "0.00 ms".
        func isSwiftTesting(_ testCase: XCResultTable.Row?) -> Bool { (testCase?["identifierURL"].string ?? "").hasSuffix(")") }
        let swiftTestingDurations = runs.all.filter { isSwiftTesting(cases.row($0["testCase_fk"].int)) }.compactMap { $0["duration"].double }
        let swiftTestingInWholeSeconds = !swiftTestingDurations.isEmpty && swiftTestingDurations.allSatisfy { $0.rounded() == $0 }

        func testNode(_ id: Int, module: String, parentID: String) -> TestNode? {
            guard let row = cases.row(id), let groups = groupsByCase[id], !groups.isEmpty else { return nil }
            let name = row["name"].string ?? "test"
            let identifier = row["identifier"].string.map { module + "." + $0 } ?? parentID + "/" + name
            let framework: TestFramework = isSwiftTesting(row) ? .swiftTesting : .xctest
            var node = TestNode(id: identifier, kind: .function, name: name, framework: framework)
            node.durationsInWholeSeconds = framework == .swiftTesting && swiftTestingInWholeSeconds
            if let summary = row["summary"].string, !summary.isEmpty, summary != name { node.displayName = summary }
            node.tags = (tagsOfCase[id] ?? []).sorted()
            node.isParameterized = groups.contains { $0.arguments != nil }
            var total = 0.0
            for group in groups {
                let ordered = group.runs.sorted { ($0.repetition, $0.order) < ($1.repetition, $1.order) }
                var attempts = ordered.map { attempt($0.row, module: module) }
                let last = attempts.removeLast()
                var testCase = TestCaseResult(arguments: group.arguments)
                testCase.issues = last.attempt.issues
                testCase.duration = last.attempt.duration
                testCase.startedAt = last.attempt.startedAt
                testCase.skipReason = last.attempt.skipReason
                testCase.earlierAttempts = attempts.map(\.attempt)
                testCase.attachments = (attempts.flatMap(\.attachments) + last.attachments)
                let parts = [group.place.device, group.place.configuration].compactMap { $0 }
                testCase.destination = parts.isEmpty ? nil : parts.joined(separator: " · ")
                total += ordered.compactMap { $0.row["duration"].double }.reduce(0, +)
                node.cases.append(testCase)
            }
            node.duration = total
            // A test whose every case was skipped is a skipped test, with the reason it gave (its cases keep theirs).
            if node.cases.allSatisfy({ $0.skipReason != nil }) {
                node.skipReason = node.cases.first?.skipReason
            }
            return node
        }

        func suiteNode(_ id: Int, module: String, parentID: String) -> TestNode? {
            guard let row = suites.row(id) else { return nil }
            let name = row["name"].string ?? "suite"
            let identifier = row["identifier"].string.map { module + "." + $0 } ?? parentID + "." + name
            var node = TestNode(id: identifier, kind: .suite, name: name)
            if let summary = row["summary"].string, !summary.isEmpty, summary != name { node.displayName = summary }
            node.tags = (tagsOfSuite[id] ?? []).sorted()
            node.duration = suiteDurations[id]
            let tests = (casesOfSuite[id] ?? []).sorted(by: order(cases, "orderInTestSuite"))
                .compactMap { testNode($0, module: module, parentID: identifier) }
            let children = (suiteChildren[id] ?? []).sorted(by: order(suites, "orderInParent"))
                .compactMap { suiteNode($0, module: module, parentID: identifier) }
            node.children = tests + children
            guard !node.children.isEmpty else { return nil }
            if node.allTests.allSatisfy({ $0.framework == .xctest }) { node.framework = .xctest }
            return node
        }

        var modules: [TestNode] = []
        for testable in testables.all.sorted(by: { ($0["orderInTestPlan"].int ?? $0.id) < ($1["orderInTestPlan"].int ?? $1.id) }) {
            let name = testable["name"].string ?? "Tests"
            var module = TestNode(id: name, kind: .module, name: name)
            module.bundleKind = testable["testKind"].string == "UI" ? .ui : .unit
            module.children = (rootSuites[testable.id] ?? []).sorted(by: order(suites, "orderInParent"))
                .compactMap { suiteNode($0, module: name, parentID: name) }
            if !module.children.isEmpty { modules.append(module) }
        }

        var run = TestRun(modules: modules, diagnostics: [], streamVersion: nil, duration: nil, startedAt: nil)
        let starts = actions.all.compactMap { $0["started"].double }
        let ends = actions.all.compactMap { $0["finished"].double }
        if let start = starts.min() {
            run.startedAt = start + Self.referenceDate
            if let end = ends.max() { run.duration = end - start }
        }
        let casesRead = modules.reduce(0) { $0 + $1.allTests.count }
        if casesRead == 0, !runs.rows.isEmpty {
            throw XCResultError(.inconsistent("\(runs.rows.count) test case runs, but none belongs to a test of a testable"), path: db.path)
        }
        return run
    }

    /// Where a suite run ran: its device ("iPhone 16 Pro (18.2)") and test plan configuration.
    struct Place: Hashable {
        var device: String?
        var configuration: String?
    }

    /// The reason in a skip notice: "Test 'Name' skipped: reason" and "Test skipped - reason"
    /// give "reason"; any other text is kept whole.
    static func skipReason(_ message: String) -> String {
        if message.hasPrefix("Test '"), let range = message.range(of: "' skipped: ") {
            return String(message[range.upperBound...])
        }
        if message.hasPrefix("Test skipped - ") { return String(message.dropFirst("Test skipped - ".count)) }
        if message == "Test skipped" { return "" }
        return message
    }
}
