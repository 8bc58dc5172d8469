import Foundation
import PyramidIO

/// Collects records in stream order and assembles the run tree at the end.
struct TestRunBuilder {
    private struct Declared {
        var node: TestNode
        var order: Int
        var caseNames: [String: String] = [:]
    }

    private struct FunctionState {
        var cases: [String: TestCaseResult] = [:]
        var caseOrder: [String] = []
        var open: [String] = []
        var caseStarts: [String: Double] = [:]
        var implicit = TestCaseResult(arguments: nil)
        var implicitUsed = false

        mutating func startCase(_ key: String, arguments: String?, at absolute: Double?) {
            if cases[key] == nil {
                cases[key] = TestCaseResult(arguments: arguments)
                caseOrder.append(key)
            }
            open.append(key)
            if let absolute { caseStarts[key] = absolute }
        }

        mutating func endCase(_ key: String, at absolute: Double?) {
            open.removeAll { $0 == key }
            if let start = caseStarts[key], let absolute { cases[key]?.duration = absolute - start }
        }
    }

    private var declared: [String: Declared] = [:]
    /// The ids of the suites declared, and the display names of each test's cases: looked up
    /// on every event, apart from `declared`, whose entries are large to copy.
    private var suites: Set<String> = []
    private var caseNames: [String: [String: String]] = [:]
    private var functions: [String: FunctionState] = [:]
    private var starts: [String: Double] = [:]
    /// What events say about a test or suite as a whole, rather than about one case.
    private struct NodeFacts {
        var issues: [IssueRecord] = []
        var skip: String?
        var cancel: String?
        var duration: Double?
    }

    private var nodeFacts: [String: NodeFacts] = [:]
    private var diagnostics: [StreamDiagnostic] = []
    private var version: String?
    private var runStart: (absolute: Double?, since1970: Double?)
    private var runDuration: Double?
    private var unknownKinds: Set<String> = []
    private var missingStepsNoted = false

    /// A builder with room for about `tests` tests and suites, so its tables are not made
    /// again and again as a large stream is applied (which is done on one thread).
    init(expectedTests tests: Int = 0) {
        guard tests > 0 else { return }
        declared.reserveCapacity(tests)
        functions.reserveCapacity(tests)
        starts.reserveCapacity(tests)
        nodeFacts.reserveCapacity(tests)
    }

    mutating func diagnose(line: Int, _ message: String) {
        diagnostics.append(StreamDiagnostic(line: line, severity: .error, message: message))
    }

    /// Adds one record; `steps` are those read from the JSON attachment it names, if any.
    mutating func add(_ record: RawRecord, line: Int, steps: [StepRecord]? = nil) {
        let kind = record.kind ?? "?"
        if version == nil, let recordVersion = record.version { noteVersion(recordVersion, line: line) }
        guard let payload = record.payload else {
            diagnose(line: line, "a \"\(kind)\" record with no payload")
            return
        }
        switch kind {
        case "test": declare(payload, line: line)
        case "event": apply(payload, steps: steps)
        default: noteUnknown("record kind \"\(kind)\"", line: line)
        }
    }

    private mutating func noteVersion(_ text: String, line: Int) {
        version = text
        let parts = text.split(separator: ".").compactMap { Int($0) }
        let major = parts.first ?? 0, minor = parts.count > 1 ? parts[1] : 0
        if (major, minor) > EventStreamReader.knownVersion {
            diagnostics.append(StreamDiagnostic(
                line: line, severity: .note,
                message: "stream version \(text) is newer than \(EventStreamReader.knownVersion.major).\(EventStreamReader.knownVersion.minor); fields this reader does not know are ignored"))
        }
    }

    private mutating func noteUnknown(_ what: String, line: Int) {
        guard unknownKinds.insert(what).inserted else { return }
        diagnostics.append(StreamDiagnostic(line: line, severity: .note, message: "ignored \(what), which this reader does not know"))
    }

    // MARK: Test records

    private mutating func declare(_ payload: RawPayload, line: Int) {
        guard let id = payload.id else {
            diagnose(line: line, "a test record with no id")
            return
        }
        let kind: TestNode.Kind = payload.kind == "suite" ? .suite : .function
        var node = TestNode(id: id, kind: kind, name: payload.name ?? id)
        node.displayName = payload.displayName
        node.place = Self.place(payload.sourceLocation)
        node.tags = (payload._tags ?? []).map { $0.hasPrefix(".") ? String($0.dropFirst()) : $0 }
        node.isParameterized = payload.isParameterized ?? false
        // A test declared again (streams appended to one file) keeps its first place: a new
        // place would lie beyond the count of tests (a crash found by the fuzzer).
        var entry = Declared(node: node, order: declared[id]?.order ?? declared.count)
        for testCase in payload._testCases ?? [] {
            if let caseID = testCase.id, let name = testCase.displayName { entry.caseNames[caseID] = name }
        }
        declared[id] = entry
        if kind == .suite { suites.insert(id) } else { suites.remove(id) }
        if !entry.caseNames.isEmpty { caseNames[id] = entry.caseNames }
    }

    // MARK: Events

    private mutating func apply(_ payload: RawPayload, steps: [StepRecord]?) {
        let absolute = payload.instant?.absolute
        switch payload.kind {
        case "runStarted":
            runStart = (absolute, payload.instant?.since1970)
        case "runEnded":
            if let start = runStart.absolute, let absolute { runDuration = absolute - start }
        case "testStarted":
            if let id = payload.testID, let absolute { starts[id] = absolute }
        case "testEnded":
            if let id = payload.testID, let start = starts[id], let absolute {
                nodeFacts[id, default: NodeFacts()].duration = absolute - start
            }
        case "testCaseStarted":
            guard let id = payload.testID else { return }
            let key = payload._testCase?.id ?? "#\(functions[id]?.caseOrder.count ?? 0)"
            let arguments = functions[id]?.cases[key] == nil ? arguments(of: payload, testID: id) : nil
            // Mutated in place: a copy out and back would copy its dictionaries on every event.
            functions[id, default: FunctionState()].startCase(key, arguments: arguments, at: absolute)
        case "testCaseEnded", "testCaseCancelled":
            guard let id = payload.testID, let state = functions[id], let key = caseKey(payload, state) else { return }
            if payload.kind == "testCaseCancelled" {
                functions[id]?.cases[key]?.cancelReason = Self.reason(payload) ?? "cancelled"
            } else {
                functions[id]?.endCase(key, at: absolute)
            }
        case "testSkipped":
            if let id = payload.testID { nodeFacts[id, default: NodeFacts()].skip = Self.reason(payload) ?? "" }
        case "testCancelled":
            if let id = payload.testID { nodeFacts[id, default: NodeFacts()].cancel = Self.reason(payload) ?? "cancelled" }
        case "issueRecorded":
            guard let issue = Self.issue(payload) else { return }
            attribute(payload) { $0.issues.append(issue) } orNode: { $0.issues.append(issue) }
        case "valueAttached":
            let path = payload.attachment?.path
            let name = payload.attachment?._preferredName ?? Self.attachmentName(payload) ?? "attachment"
            attach(name: name, path: path, steps: steps, to: locate(payload))
        default:
            break
        }
    }

    /// The case an event belongs to: the one it names, else the only one open.
    private func caseKey(_ payload: RawPayload, _ state: FunctionState) -> String? {
        if let id = payload._testCase?.id, state.cases[id] != nil { return id }
        return state.open.count == 1 ? state.open[0] : nil
    }

    /// Where an event's facts go: one case of a test, the test's implicit case (a stream
    /// without case events), or the test or suite itself.
    private enum Target {
        case testCase(id: String, key: String)
        case implicit(id: String)
        case node(id: String)
        case suite(id: String)
    }

    /// The event's test case, or its test or suite when the event names no case (a suite's
    /// issue; a stream without case ids and cases in parallel).
    private mutating func locate(_ payload: RawPayload) -> Target? {
        guard let id = payload.testID else { return nil }
        if suites.contains(id) { return .suite(id: id) }
        if functions[id] == nil { functions[id] = FunctionState() }
        if let key = caseKey(payload, functions[id]!) { return .testCase(id: id, key: key) }
        return functions[id]!.cases.isEmpty ? .implicit(id: id) : .node(id: id)
    }

    /// Applies `toCase` to the target's case, or `toNode` to its test or suite.
    private mutating func modify(_ target: Target, toCase: (inout TestCaseResult) -> Void, orNode toNode: (inout NodeFacts) -> Void) {
        switch target {
        case .testCase(let id, let key): toCase(&functions[id]!.cases[key]!)
        case .implicit(let id):
            toCase(&functions[id]!.implicit)
            functions[id]!.implicitUsed = true
        case .node(let id), .suite(let id): toNode(&nodeFacts[id, default: NodeFacts()])
        }
    }

    private mutating func attribute(
        _ payload: RawPayload, toCase: (inout TestCaseResult) -> Void, orNode toNode: (inout NodeFacts) -> Void
    ) {
        if let target = locate(payload) { modify(target, toCase: toCase, orNode: toNode) }
    }

    /// Adds an attachment (its step records when it holds them) to where its event placed it.
    private mutating func attach(name: String, path: String?, steps: [StepRecord]?, to target: Target?) {
        guard let target else { return }
        if let steps {
            modify(target) { $0.steps.append(contentsOf: steps) } orNode: { _ in }
            return
        }
        if name.hasPrefix("scenario-step"), name.hasSuffix(".json") {
            // A step record the run did not write to disk (no --attachments-path), or moved.
            noteMissingSteps()
            return
        }
        let attachment = AttachmentRecord(name: name, path: path)
        modify(target) { $0.attachments.append(attachment) } orNode: { _ in }
    }

    private func arguments(of payload: RawPayload, testID: String) -> String? {
        if let name = payload._testCase?.displayName { return name }
        if let caseID = payload._testCase?.id, let name = caseNames[testID]?[caseID] { return name }
        // "Test case passing 1 argument n → 1 to "param" started."
        guard let text = payload.messages?.first?.text, let passing = text.range(of: "passing "),
            let to = text.range(of: " to ", options: .backwards, range: passing.upperBound..<text.endIndex)
        else { return nil }
        let described = text[passing.upperBound..<to.lowerBound]
        guard let firstSpace = described.firstIndex(of: " ") else { return String(described) }
        // Drop the "1 argument " / "2 arguments " count.
        let afterCount = described[described.index(after: firstSpace)...]
        guard let secondSpace = afterCount.firstIndex(of: " ") else { return String(described) }
        return String(afterCount[afterCount.index(after: secondSpace)...])
    }

    /// "Attached 'server.log' to "attaches a log"." → server.log; else the file's name.
    private static func attachmentName(_ payload: RawPayload) -> String? {
        if let text = payload.messages?.first?.text, let open = text.firstIndex(of: "'"),
            let close = text[text.index(after: open)...].firstIndex(of: "'")
        {
            return String(text[text.index(after: open)..<close])
        }
        return payload.attachment?.path.map { ($0 as NSString).lastPathComponent }
    }

    private mutating func noteMissingSteps() {
        guard !missingStepsNoted else { return }
        missingStepsNoted = true
        diagnostics.append(StreamDiagnostic(
            line: nil, severity: .note,
            message: "tests attached Scenario step records that could not be read; run swift test with --attachments-path (pyramid spec does), or pass the folder with --attachments"))
    }

    private static func reason(_ payload: RawPayload) -> String? {
        if let comment = payload._comments?.first { return comment }
        guard let text = payload.messages?.first?.text, let colon = text.range(of: ": \"") else { return nil }
        return String(text[colon.upperBound...].dropLast(text.hasSuffix("\"") ? 1 : 0))
    }

    private static func issue(_ payload: RawPayload) -> IssueRecord? {
        guard let raw = payload.issue else { return nil }
        let kind: IssueRecord.Kind
        if raw.isKnown == true {
            kind = .knownIssue
        } else if raw.severity == "warning" || raw.isFailure == false {
            kind = .warning
        } else {
            kind = .failure
        }
        let messages = payload.messages ?? []
        var message = messages.first?.text ?? "Issue recorded"
        var details = messages.dropFirst().compactMap(\.text)
        // `Issue.record("…")` arrives as Swift Testing's generic "Issue recorded" with the
        // comment under it: the comment is what the issue says, so it becomes the message.
        if message == "Issue recorded", let comment = details.firstIndex(where: { !$0.isEmpty }) {
            message = details[comment]
            details.remove(at: comment)
        }
        return IssueRecord(kind: kind, message: message, details: details, place: place(raw.sourceLocation ?? payload._sourceLocation))
    }

    private static func place(_ location: RawLocation?) -> SourcePlace? {
        guard let location, let line = location.line else { return nil }
        let file = location.fileID ?? location.filePath.map { ($0 as NSString).lastPathComponent } ?? "?"
        return SourcePlace(fileID: file, line: line)
    }

    // MARK: Assembly

    mutating func finish() -> TestRun {
        // Events for tests the stream never declared still get a node of their own.
        var undeclared: Set<String> = []
        for id in functions.keys where declared[id] == nil { undeclared.insert(id) }
        for id in nodeFacts.keys where declared[id] == nil { undeclared.insert(id) }
        for id in undeclared.sorted() {
            let kind: TestNode.Kind = functions[id] == nil && !id.contains("(") ? .suite : .function
            declared[id] = Declared(node: TestNode(id: id, kind: kind, name: Self.lastComponent(of: id)), order: declared.count)
        }
        // Every node at its place in the stream's order, found by id; each is moved out of
        // `declared` rather than copied (a node holds many strings and arrays). What finding
        // parents and ordering siblings need is kept beside the nodes, as small values, so
        // neither copies a node.
        var declaredNodes = [TestNode?](repeating: nil, count: declared.count)
        var isSuite = [Bool](repeating: false, count: declared.count)
        var places = [(file: String, line: Int)](repeating: ("", 0), count: declared.count)
        var position: [String: Int] = [:]
        position.reserveCapacity(declared.count)
        for id in Array(declared.keys) {
            guard let entry = declared.removeValue(forKey: id) else { continue }
            position[id] = entry.order
            isSuite[entry.order] = entry.node.kind == .suite
            places[entry.order] = (entry.node.place?.fileID ?? "", entry.node.place?.line ?? 0)
            declaredNodes[entry.order] = entry.node
        }
        // Each node is assembled on its own, from what the events said, and its parent found
        // (the nearest suite whose id prefixes it, else its module): on every core.
        let shared = UncheckedSendable((nodeFacts: nodeFacts, functions: functions, position: position, isSuite: isSuite))
        var assembled: [Assembled?] = parallelMap(declaredNodes, workers: ProcessInfo.processInfo.activeProcessorCount) { node in
            guard let node else { return nil }
            let parent = Self.parentSuite(of: node.id, position: shared.value.position, isSuite: shared.value.isSuite)
            return Assembled(
                node: Self.assemble(node, nodeFacts: shared.value.nodeFacts, functions: shared.value.functions), parent: parent,
                module: parent == nil ? Self.module(of: node.id) : nil)
        }
        declaredNodes = []
        var children = [[Int]](repeating: [], count: assembled.count)
        var modules: [String: [Int]] = [:]
        for index in assembled.indices {
            if let parent = assembled[index]?.parent {
                children[parent].append(index)
            } else if let module = assembled[index]?.module {
                modules[module, default: []].append(index)
            }
        }
        // Siblings by file, line, then the stream's order.
        func ordered(_ indices: [Int]) -> [Int] {
            indices.sorted { left, right in
                let a = places[left], b = places[right]
                if a.line != b.line || a.file != b.file { return a.file != b.file ? a.file < b.file : a.line < b.line }
                return left < right
            }
        }
        func build(_ index: Int) -> TestNode {
            let order = ordered(children[index])
            var entry: Assembled? = nil
            swap(&entry, &assembled[index])
            entry!.node.children = order.map(build)
            return entry!.node
        }
        let built = modules.keys.sorted().map { module in
            var node = TestNode(id: module, kind: .module, name: module)
            node.children = ordered(modules[module]!).map(build)
            return node
        }
        return TestRun(
            modules: built, diagnostics: diagnostics, streamVersion: version, duration: runDuration,
            startedAt: runStart.since1970)
    }

    /// A node assembled, and where it goes: under the suite at `parent`, else in `module`.
    private struct Assembled {
        var node: TestNode
        var parent: Int?
        var module: String?
    }

    /// A declared node with what the events said about it: its issues, skip, cancellation,
    /// duration and, for a function, its cases.
    private static func assemble(_ declaredNode: TestNode, nodeFacts: [String: NodeFacts], functions: [String: FunctionState]) -> TestNode {
        var node = declaredNode
        let id = node.id
        if let facts = nodeFacts[id] {
            node.issues = facts.issues
            node.skipReason = facts.skip
            node.cancelReason = facts.cancel
            node.duration = facts.duration
        }
        guard node.kind == .function else { return node }
        let state = functions[id] ?? FunctionState()
        // Cases of a parameterised test run in parallel, so the order they started in
        // changes from run to run (and between shards): order them by their arguments, so
        // the same run always reads, and merges, the same. Ties keep the started order.
        node.cases = state.caseOrder.compactMap { state.cases[$0] }
        if node.cases.count > 1 {
            node.cases = node.cases.enumerated()
                .sorted { ($0.element.arguments ?? "", $0.offset) < ($1.element.arguments ?? "", $1.offset) }
                .map(\.element)
        }
        if node.cases.isEmpty {
            var only = state.implicit
            only.duration = node.duration
            if node.skipReason == nil || state.implicitUsed { node.cases = [only] }
        } else if state.implicitUsed {
            node.issues += state.implicit.issues
        }
        for index in node.cases.indices where node.cases[index].steps.count > 1 {
            node.cases[index].steps.sort { ($0.startedAt, $0.depth) < ($1.startedAt, $1.depth) }
        }
        return node
    }

    /// The nearest suite whose id prefixes `id`, by its place in the stream's order.
    private static func parentSuite(of id: String, position: [String: Int], isSuite: [Bool]) -> Int? {
        var candidate = Substring(id)
        while let slash = candidate.lastIndex(of: "/") {
            candidate = candidate[..<slash]
            if let index = position[String(candidate)], isSuite[index] { return index }
        }
        return nil
    }

    static func module(of id: String) -> String {
        let firstComponent = id.prefix { $0 != "/" }
        return String(firstComponent.prefix { $0 != "." })
    }

    static func lastComponent(of id: String) -> String {
        let components = id.split(separator: "/")
        // A function id ends in its source location: "name()/File.swift:3:5".
        if components.count >= 2, components.last!.contains(".swift:") { return String(components[components.count - 2]) }
        return String(components.last ?? Substring(id))
    }
}
