import Foundation
import PyramidJSON
import TestEventStream

/// Reads what `xcrun xcresulttool get test-results tests --format json` prints (Apple's
/// documented JSON: `testNodes`, `devices`, `testPlanConfigurations`) into a ``TestRun``, the
/// same tree ``XCResultDatabaseReader`` makes from the bundle's database.
///
/// The JSON says less than the database: durations are rounded ("0,011s" in Xcode 16, with
/// the Mac's decimal comma), there are no start times, and Xcode 16 names a suite only by its
/// display name. A suite's source name is then taken from its tests' identifiers
/// (`Suite/Inner/test()`), and a test is Swift Testing's when Xcode 26 gives its URL with
/// parentheses, or else when it has a display name, tags or parameters, or a sibling that is.
struct XCResultJSONReader {
    let path: String

    func read(_ data: Data) throws(XCResultError) -> TestRun {
        let root: JSONValue
        do { root = try JSONValue(parsing: data) } catch { throw XCResultError(.unreadableJSON("\(error)"), path: path) }
        guard case .object = root else {
            throw XCResultError(.unreadableJSON("expected an object with testNodes, found \(root.kindName)"), path: path)
        }
        guard let nodes = root["testNodes"]?.arrayValue else {
            throw XCResultError(.unreadableJSON("no testNodes array"), path: path)
        }
        var deviceNames: [String: String] = [:]
        var deviceLabels: [String] = []
        for device in root["devices"]?.arrayValue ?? [] {
            let name = device["deviceName"]?.stringValue ?? device["modelName"]?.stringValue ?? "device"
            let label = device["osVersion"]?.stringValue.map { "\(name) (\($0))" } ?? name
            if let id = device["deviceId"]?.stringValue { deviceNames[id] = label }
            deviceLabels.append(label)
        }
        let configurations = (root["testPlanConfigurations"]?.arrayValue ?? []).compactMap { $0["configurationName"]?.stringValue }
        let context = Context(
            device: deviceLabels.count == 1 ? deviceLabels[0] : nil,
            configuration: configurations.count == 1 ? configurations[0] : nil, arguments: nil)
        var modules: [TestNode] = []
        for node in nodes {
            try collectModules(node, into: &modules, context: context, deviceNames: deviceNames)
        }
        return TestRun(modules: modules, diagnostics: [], streamVersion: nil, duration: nil, startedAt: nil)
    }

    /// Where a result was recorded: the device and configuration (when the tree or the run
    /// says) and the arguments.
    struct Context {
        var device: String?
        var configuration: String?
        var arguments: String?
    }

    private func type(_ node: JSONValue) throws(XCResultError) -> String {
        guard case .object = node, let type = node["nodeType"]?.stringValue else {
            throw XCResultError(.unreadableJSON("a test node without nodeType: \(node.compactText.prefix(120))"), path: path)
        }
        return type
    }

    private func collectModules(
        _ node: JSONValue, into modules: inout [TestNode], context: Context, deviceNames: [String: String]
    ) throws(XCResultError) {
        switch try type(node) {
        case "Unit test bundle", "UI test bundle":
            let name = node["name"]?.stringValue ?? "Tests"
            var module = TestNode(id: name, kind: .module, name: name)
            module.bundleKind = try type(node) == "UI test bundle" ? .ui : .unit
            for child in node["children"]?.arrayValue ?? [] {
                if let suite = try suiteNode(child, module: name, path: [], context: context, deviceNames: deviceNames) {
                    module.children.append(suite)
                }
            }
            if let at = modules.firstIndex(where: { $0.name == name }) {
                modules[at].children += module.children
            } else if !module.children.isEmpty {
                modules.append(module)
            }
        default:
            // Test plans, devices and configurations above the bundles: look inside.
            var inner = context
            if try type(node) == "Device" { inner.device = deviceLabel(node, deviceNames) }
            if try type(node) == "Test Plan Configuration" { inner.configuration = node["name"]?.stringValue }
            for child in node["children"]?.arrayValue ?? [] {
                try collectModules(child, into: &modules, context: inner, deviceNames: deviceNames)
            }
        }
    }

    private func deviceLabel(_ node: JSONValue, _ names: [String: String]) -> String? {
        node["nodeIdentifier"]?.stringValue.flatMap { names[$0] } ?? node["name"]?.stringValue
    }

    private func suiteNode(
        _ node: JSONValue, module: String, path: [String], context: Context, deviceNames: [String: String]
    ) throws(XCResultError) -> TestNode? {
        switch try type(node) {
        case "Test Case":
            return try testNode(node, module: module, path: path, context: context, deviceNames: deviceNames)
        case "Test Suite":
            let title = node["name"]?.stringValue ?? "suite"
            let name = Self.sourceName(ofSuite: node, depth: path.count) ?? title
            // `Module.Outer/Inner`, the id the database reader gives the same suite.
            let id = module + "." + (path + [name]).joined(separator: "/")
            var suite = TestNode(id: id, kind: .suite, name: name)
            if title != name { suite.displayName = title }
            for child in node["children"]?.arrayValue ?? [] {
                if let inner = try suiteNode(child, module: module, path: path + [name], context: context, deviceNames: deviceNames) {
                    suite.children.append(inner)
                }
            }
            guard !suite.children.isEmpty else { return nil }
            // Tests first, then inner suites, as the database reader orders them.
            suite.children = suite.children.filter { $0.kind == .function } + suite.children.filter { $0.kind != .function }
            Self.settleFrameworks(&suite)
            return suite
        default:
            return nil
        }
    }

    /// A suite's name in the source: Xcode 26 gives its URL; Xcode 16 only its display name,
    /// so the name comes from the first test identifier below it (`Outer/Inner/test()`).
    static func sourceName(ofSuite node: JSONValue, depth: Int) -> String? {
        if let url = node["nodeIdentifierURL"]?.stringValue, let last = url.split(separator: "/").last {
            return String(last).removingPercentEncoding ?? String(last)
        }
        func firstIdentifier(_ node: JSONValue) -> String? {
            if node["nodeType"]?.stringValue == "Test Case" { return node["nodeIdentifier"]?.stringValue }
            for child in node["children"]?.arrayValue ?? [] { if let found = firstIdentifier(child) { return found } }
            return nil
        }
        guard let identifier = firstIdentifier(node) else { return nil }
        let components = identifier.split(separator: "/").dropLast()
        return depth < components.count ? String(components[components.startIndex + depth]) : nil
    }

    /// XCTest and Swift Testing do not share a suite: when any test in a suite is known to be
    /// Swift Testing's, they all are.
    private static func settleFrameworks(_ suite: inout TestNode) {
        let tests = suite.children.indices.filter { suite.children[$0].kind == .function }
        if tests.contains(where: { suite.children[$0].framework == .swiftTesting }) {
            for index in tests { suite.children[index].framework = .swiftTesting }
        }
        if suite.allTests.allSatisfy({ $0.framework == .xctest }) { suite.framework = .xctest }
    }

    private func testNode(
        _ node: JSONValue, module: String, path: [String], context: Context, deviceNames: [String: String]
    ) throws(XCResultError) -> TestNode {
        let title = node["name"]?.stringValue ?? "test"
        let identifier = node["nodeIdentifier"]?.stringValue
        let name = identifier.flatMap { $0.split(separator: "/").last.map(String.init) } ?? title
        let tags = (node["tags"]?.arrayValue ?? []).compactMap(\.stringValue).sorted()
        let framework: TestFramework
        if let url = node["nodeIdentifierURL"]?.stringValue {
            framework = url.hasSuffix(")") ? .swiftTesting : .xctest
        } else {
            let parameters = name.hasSuffix(")") && !name.hasSuffix("()")
            framework = title != name || !tags.isEmpty || parameters ? .swiftTesting : .xctest
        }
        var test = TestNode(id: module + "." + (identifier ?? (path + [name]).joined(separator: "/")), kind: .function, name: name, framework: framework)
        if title != name { test.displayName = title }
        test.tags = tags
        var groups: [(context: Context, attempts: [TestAttempt])] = []
        try collectAttempts(node, module: module, context: context, deviceNames: deviceNames, into: &groups)
        test.isParameterized = groups.contains { $0.context.arguments != nil }
        var total = 0.0
        for group in groups {
            var attempts = group.attempts
            guard let last = attempts.popLast() else { continue }
            var testCase = TestCaseResult(arguments: group.context.arguments)
            testCase.issues = last.issues
            testCase.duration = last.duration
            testCase.skipReason = last.skipReason
            testCase.earlierAttempts = attempts
            let parts = [group.context.device, group.context.configuration].compactMap { $0 }
            testCase.destination = parts.isEmpty ? nil : parts.joined(separator: " · ")
            total += group.attempts.compactMap(\.duration).reduce(0, +)
            test.cases.append(testCase)
        }
        test.duration = total
        if !test.cases.isEmpty, test.cases.allSatisfy({ $0.skipReason != nil }) {
            test.skipReason = test.cases.first?.skipReason
        }
        return test
    }

    /// Walks a test case's results: devices, configurations and arguments set the context;
    /// each repetition is an attempt; a node with no repetitions below it is one attempt.
    private func collectAttempts(
        _ node: JSONValue, module: String, context: Context, deviceNames: [String: String],
        into groups: inout [(context: Context, attempts: [TestAttempt])]
    ) throws(XCResultError) {
        let children = node["children"]?.arrayValue ?? []
        var containers: [(JSONValue, Context)] = []
        var repetitions: [JSONValue] = []
        for child in children {
            var inner = context
            switch try type(child) {
            case "Device": inner.device = deviceLabel(child, deviceNames); containers.append((child, inner))
            case "Test Plan Configuration": inner.configuration = child["name"]?.stringValue; containers.append((child, inner))
            case "Arguments": inner.arguments = child["name"]?.stringValue; containers.append((child, inner))
            case "Repetition", "Test Case Run": repetitions.append(child)
            default: break
            }
        }
        if !containers.isEmpty {
            for (child, inner) in containers {
                try collectAttempts(child, module: module, context: inner, deviceNames: deviceNames, into: &groups)
            }
            return
        }
        var attempts: [TestAttempt] = []
        for repetition in repetitions.isEmpty ? [node] : repetitions { attempts.append(try attempt(repetition, module: module)) }
        groups.append((context, attempts))
    }

    /// One attempt: its result, duration and the messages under it.
    private func attempt(_ node: JSONValue, module: String) throws(XCResultError) -> TestAttempt {
        let result = node["result"]?.stringValue ?? ""
        var issues: [IssueRecord] = []
        var skipReason: String?
        for child in node["children"]?.arrayValue ?? [] {
            let type = try type(child)
            guard type == "Failure Message" || type == "Runtime Warning" else { continue }
            let text = child["name"]?.stringValue ?? ""
            if result == "Skipped" || child["result"]?.stringValue == "Skipped" {
                skipReason = XCResultDatabaseReader.skipReason(text)
                continue
            }
            let (message, file, line) = Self.split(text)
            let place = file.flatMap { file in line.map { SourcePlace(fileID: module + "/" + file, line: $0) } }
            let kind: IssueRecord.Kind = type == "Runtime Warning" ? .warning : result == "Expected Failure" ? .knownIssue : .failure
            issues.append(IssueRecord(kind: kind, message: message, details: [], place: place))
        }
        if result == "Skipped", skipReason == nil { skipReason = "" }
        if result == "Failed", !issues.contains(where: { $0.kind == .failure }) {
            issues.append(IssueRecord(kind: .failure, message: node["details"]?.stringValue ?? "failed", details: [], place: nil))
        }
        let duration = node["durationInSeconds"]?.doubleValue ?? node["duration"]?.stringValue.flatMap(Self.seconds)
        return TestAttempt(issues: issues, duration: duration, skipReason: skipReason)
    }

    /// "File.swift:12: message" → ("message", "File.swift", 12); other text is the message whole.
    static func split(_ text: String) -> (message: String, file: String?, line: Int?) {
        let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].hasSuffix(".swift"), !parts[0].contains(" "), let line = Int(parts[1]) else {
            return (text, nil, nil)
        }
        let message = parts[2].hasPrefix(" ") ? String(parts[2].dropFirst()) : String(parts[2])
        return (message, String(parts[0]), line)
    }

    /// "0,011s", "5s", "1m 5s", "1h 2m": xcresulttool's rounded durations, with either decimal mark.
    static func seconds(_ text: String) -> Double? {
        var total = 0.0
        var matched = false
        for part in text.split(separator: " ") {
            let unit = part.last
            let number = Double(part.dropLast().replacingOccurrences(of: ",", with: "."))
            guard let number else { return nil }
            switch unit {
            case "s": total += number
            case "m": total += number * 60
            case "h": total += number * 3600
            default: return nil
            }
            matched = true
        }
        return matched ? total : nil
    }
}
