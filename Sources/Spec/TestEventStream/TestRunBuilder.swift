import Foundation
import PyramidIO

/// Collects records in stream order and assembles the run tree at the end.
struct TestRunBuilder {
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

        /// The case an event belongs to: the one it names, else the only one open.
        func caseKey(_ payload: RawPayload) -> String? {
            if let id = payload._testCase?.id, cases[id] != nil { return id }
            return open.count == 1 ? open[0] : nil
        }
    }

    /// Everything the stream said of one test or suite, under its id. An object, so an event
    /// looks its test up once and changes it in place: the events are applied on one thread,
    /// while the stream's later pieces are parsed on the others.
    private final class TestState {
        /// The node its test record declared (or, at the end, one made for an undeclared test).
        var node: TestNode?
        /// Its place in the order the stream declared tests; -1 until it is declared.
        var order = -1
        var isSuite = false
        /// Its cases' display names, by case id, from its test record.
        var caseNames: [String: String] = [:]
        /// When its test started, in the stream's clock.
        var start: Double?
        /// What events said of its cases; `hasFunction` once any did.
        var function = FunctionState()
        var hasFunction = false
        /// What events said of it as a whole; `hasFacts` once any did.
        var facts = NodeFacts()
        var hasFacts = false
    }

    /// Each test's and suite's state, by id.
    private var tests: [String: TestState] = [:]
    /// How many tests and suites the stream has declared: the next one's place in its order.
    private var declaredCount = 0
    /// What events say about a test or suite as a whole, rather than about one case.
    private struct NodeFacts {
        var issues: [IssueRecord] = []
        var skip: String?
        var cancel: String?
        var duration: Double?
    }

    private var diagnostics: [StreamDiagnostic] = []
    private var version: String?
    private var runStart: (absolute: Double?, since1970: Double?) = (nil, nil)
    private var runDuration: Double?
    private var unknownKinds: Set<String> = []
    private var missingStepsNoted = false

    /// A builder with room for about `tests` tests and suites, so its tables are not made
    /// again and again as a large stream is applied (which is done on one thread).
    init(expectedTests tests: Int = 0) {
        if tests > 0 { self.tests.reserveCapacity(tests) }
    }

    /// The state of the test or suite `id`, made when the stream had not named it yet.
    private mutating func state(_ id: String) -> TestState {
        if let state = tests[id] { return state }
        let state = TestState()
        tests[id] = state
        return state
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
        let state = state(id)
        // A test declared again (streams appended to one file) keeps its first place: a new
        // place would lie beyond the count of tests (a crash found by the fuzzer).
        if state.order < 0 {
            state.order = declaredCount
            declaredCount += 1
        }
        state.node = node
        state.isSuite = kind == .suite
        var caseNames: [String: String] = [:]
        for testCase in payload._testCases ?? [] {
            if let caseID = testCase.id, let name = testCase.displayName { caseNames[caseID] = name }
        }
        if !caseNames.isEmpty { state.caseNames = caseNames }
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
            if let id = payload.testID, let absolute { state(id).start = absolute }
        case "testEnded":
            if let id = payload.testID, let state = tests[id], let start = state.start, let absolute {
                state.facts.duration = absolute - start
                state.hasFacts = true
            }
        case "testCaseStarted":
            guard let id = payload.testID else { return }
            let state = state(id)
            let key = payload._testCase?.id ?? "#\(state.function.caseOrder.count)"
            let arguments = state.function.cases[key] == nil ? Self.arguments(of: payload, caseNames: state.caseNames) : nil
            state.function.startCase(key, arguments: arguments, at: absolute)
            state.hasFunction = true
        case "testCaseEnded", "testCaseCancelled":
            guard let id = payload.testID, let state = tests[id], state.hasFunction, let key = state.function.caseKey(payload) else { return }
            if payload.kind == "testCaseCancelled" {
                state.function.cases[key]?.cancelReason = Self.reason(payload) ?? "cancelled"
            } else {
                state.function.endCase(key, at: absolute)
            }
        case "testSkipped":
            if let id = payload.testID {
                let state = state(id)
                state.facts.skip = Self.reason(payload) ?? ""
                state.hasFacts = true
            }
        case "testCancelled":
            if let id = payload.testID {
                let state = state(id)
                state.facts.cancel = Self.reason(payload) ?? "cancelled"
                state.hasFacts = true
            }
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

    /// Where an event's facts go: one case of a test, the test's implicit case (a stream
    /// without case events), or the test or suite itself.
    private enum Target {
        case testCase(TestState, key: String)
        case implicit(TestState)
        case node(TestState)
    }

    /// The event's test case, or its test or suite when the event names no case (a suite's
    /// issue; a stream without case ids and cases in parallel).
    private mutating func locate(_ payload: RawPayload) -> Target? {
        guard let id = payload.testID else { return nil }
        let state = state(id)
        if state.isSuite { return .node(state) }
        state.hasFunction = true
        if let key = state.function.caseKey(payload) { return .testCase(state, key: key) }
        return state.function.cases.isEmpty ? .implicit(state) : .node(state)
    }

    /// Applies `toCase` to the target's case, or `toNode` to its test or suite.
    private mutating func modify(_ target: Target, toCase: (inout TestCaseResult) -> Void, orNode toNode: (inout NodeFacts) -> Void) {
        switch target {
        case .testCase(let state, let key): toCase(&state.function.cases[key]!)
        case .implicit(let state):
            toCase(&state.function.implicit)
            state.function.implicitUsed = true
        case .node(let state):
            toNode(&state.facts)
            state.hasFacts = true
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

    private static func arguments(of payload: RawPayload, caseNames: [String: String]) -> String? {
        if let name = payload._testCase?.displayName { return name }
        if let caseID = payload._testCase?.id, let name = caseNames[caseID] { return name }
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
        let undeclared = tests.compactMap { id, state in state.node == nil && (state.hasFunction || state.hasFacts) ? id : nil }
        for id in undeclared.sorted() {
            let state = tests[id]!
            let kind: TestNode.Kind = !state.hasFunction && !id.contains("(") ? .suite : .function
            state.node = TestNode(id: id, kind: kind, name: Self.lastComponent(of: id))
            state.order = declaredCount
            declaredCount += 1
        }
        // Every node at its place in the stream's order; each is moved out of its state rather
        // than copied (a node holds many strings and arrays). What finding parents and ordering
        // siblings need is kept beside the nodes, as small values, so neither copies a node.
        var declaredNodes = [(node: TestNode, state: TestState)?](repeating: nil, count: declaredCount)
        var isSuite = [Bool](repeating: false, count: declaredCount)
        var places = [(file: String, line: Int)](repeating: ("", 0), count: declaredCount)
        for state in tests.values where state.order >= 0 {
            var node: TestNode?
            swap(&node, &state.node)
            guard let node else { continue }
            isSuite[state.order] = node.kind == .suite
            places[state.order] = (node.place?.fileID ?? "", node.place?.line ?? 0)
            declaredNodes[state.order] = (node, state)
        }
        // Each node is assembled on its own, from what the events said, and its parent found
        // (the nearest suite whose id prefixes it, else its module): on every core.
        let shared = UncheckedSendable((tests: tests, isSuite: isSuite))
        let nodesAndStates = UncheckedSendable(declaredNodes)
        var assembled: [Assembled?] = parallelMap(Array(0..<declaredCount), workers: ProcessInfo.processInfo.activeProcessorCount) { index in
            guard let (node, state) = nodesAndStates.value[index] else { return nil }
            let parent = Self.parentSuite(of: node.id, tests: shared.value.tests, isSuite: shared.value.isSuite)
            return Assembled(node: Self.assemble(node, state: state), parent: parent, module: parent == nil ? Self.module(of: node.id) : nil)
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
    /// What the state held is moved into the node, not copied: the state is not used again.
    private static func assemble(_ declaredNode: TestNode, state: TestState) -> TestNode {
        var node = declaredNode
        if state.hasFacts {
            var facts = NodeFacts()
            swap(&facts, &state.facts)
            node.issues = facts.issues
            node.skipReason = facts.skip
            node.cancelReason = facts.cancel
            node.duration = facts.duration
        }
        guard node.kind == .function else { return node }
        var function = FunctionState()
        swap(&function, &state.function)
        // Cases of a parameterised test run in parallel, so the order they started in
        // changes from run to run (and between shards): order them by their arguments, so
        // the same run always reads, and merges, the same. Ties keep the started order.
        node.cases = function.caseOrder.compactMap { function.cases.removeValue(forKey: $0) }
        if node.cases.count > 1 {
            node.cases = node.cases.enumerated()
                .sorted { ($0.element.arguments ?? "", $0.offset) < ($1.element.arguments ?? "", $1.offset) }
                .map(\.element)
        }
        if node.cases.isEmpty {
            var only = function.implicit
            only.duration = node.duration
            if node.skipReason == nil || function.implicitUsed { node.cases = [only] }
        } else if function.implicitUsed {
            node.issues += function.implicit.issues
        }
        for index in node.cases.indices where node.cases[index].steps.count > 1 {
            node.cases[index].steps.sort { ($0.startedAt, $0.depth) < ($1.startedAt, $1.depth) }
        }
        return node
    }

    /// The nearest suite whose id prefixes `id`, by its place in the stream's order.
    private static func parentSuite(of id: String, tests: [String: TestState], isSuite: [Bool]) -> Int? {
        var candidate = Substring(id)
        while let slash = candidate.lastIndex(of: "/") {
            candidate = candidate[..<slash]
            if let state = tests[String(candidate)], state.order >= 0, isSuite[state.order] { return state.order }
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
