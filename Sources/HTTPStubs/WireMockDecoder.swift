import Foundation

/// Reads and writes WireMock's mapping JSON.
///
/// Supported, in a mapping: `id`/`uuid`, `name`, `priority`, `scenarioName`,
/// `requiredScenarioState`, `newScenarioState` (and the bookkeeping fields `persistent`,
/// `metadata`, `insertionIndex`, which do not affect matching).
/// - `request`: `method` (or `ANY`); one of `url`, `urlPath`, `urlPathPattern`, `urlPattern`,
///   `urlPathTemplate`; `queryParameters` and `headers` with `equalTo` (and `caseInsensitive`),
///   `contains`, `doesNotContain`, `matches`, `doesNotMatch`, `absent`; `bodyPatterns` with those
///   (but `absent`) and `binaryEqualTo`, `equalToJson` (with `ignoreArrayOrder`,
///   `ignoreExtraElements`), `matchesJsonPath` (see ``JSONPath``; plain or with `expression` and
///   a value matcher).
/// - `response`: `status`, `headers`, one of `body`/`jsonBody`/`base64Body`/`bodyFileName`,
///   `fixedDelayMilliseconds`, `fault` (`CONNECTION_RESET_BY_PEER`, `EMPTY_RESPONSE`,
///   `MALFORMED_RESPONSE_CHUNK`), `chunkedDribbleDelay`, and `transformers: ["response-template"]`
///   (see ``ResponseTemplate``).
///
/// Anything else is a ``WireMockIssue`` naming the field, and that mapping is skipped.
public enum WireMockMapping {
    /// Decodes a mapping file: one mapping object, or `{"mappings": [...]}`.
    ///
    /// - Parameters:
    ///   - source: The file's name, for issues ("mappings/articles.json").
    ///   - filesDirectory: WireMock's `__files` directory, where `bodyFileName` is resolved.
    public static func decode(_ data: Data, source: String, filesDirectory: String? = nil) throws(WireMockFileError) -> WireMockImport {
        let document: JSONValue
        do throws(JSONParseError) {
            document = try JSONValue(parsing: data)
        } catch {
            throw .invalidJSON(source: source, error)
        }
        guard case .object(let top) = document else {
            throw .notAMappingFile(source: source, reason: "the top level is \(document.kindName), not an object")
        }
        let mappings: [JSONValue]
        if let list = top["mappings"] {
            guard case .array(let elements) = list else {
                throw .notAMappingFile(source: source, reason: "\"mappings\" is \(list.kindName), not an array")
            }
            mappings = elements
        } else {
            mappings = [document]
        }
        var stubs: [Stub] = []
        var issues: [WireMockIssue] = []
        for (index, mapping) in mappings.enumerated() {
            var reader = MappingReader(source: source, index: index, filesDirectory: filesDirectory)
            let stub = reader.read(mapping)
            if reader.issues.isEmpty, let stub {
                stubs.append(stub)
            } else {
                issues.append(contentsOf: reader.issues)
            }
        }
        return WireMockImport(stubs: stubs, issues: issues)
    }

    /// Decodes a request pattern alone, as WireMock's admin API takes it
    /// (`POST /__admin/requests/count`): the `request` object of a mapping.
    ///
    /// Throws every issue found, each naming its field; `source` names where it came from.
    public static func decodeRequestPattern(_ data: Data, source: String) throws(WireMockPatternError) -> RequestPattern {
        let value: JSONValue
        do throws(JSONParseError) {
            value = try JSONValue(parsing: data)
        } catch {
            throw WireMockPatternError(issues: [], parseError: WireMockFileError.invalidJSON(source: source, error))
        }
        var reader = MappingReader(source: source, index: 0, filesDirectory: nil)
        let pattern = reader.readRequestPattern(value)
        guard reader.issues.isEmpty, let pattern else { throw WireMockPatternError(issues: reader.issues, parseError: nil) }
        return pattern
    }
}

/// Why a request pattern could not be read: its JSON, or the issues in it.
public struct WireMockPatternError: Error, Sendable, CustomStringConvertible {
    /// Every field that is unsupported or wrong.
    public var issues: [WireMockIssue]
    /// Set when the text is not JSON at all.
    public var parseError: WireMockFileError?

    public var description: String {
        parseError?.description ?? issues.map(\.description).joined(separator: "; ")
    }
}

/// Reads one mapping, collecting every issue rather than stopping at the first.
private struct MappingReader {
    let source: String
    let index: Int
    let filesDirectory: String?
    var mappingID: String?
    var issues: [WireMockIssue] = []

    init(source: String, index: Int, filesDirectory: String?) {
        self.source = source
        self.index = index
        self.filesDirectory = filesDirectory
    }

    mutating func read(_ mapping: JSONValue) -> Stub? {
        guard case .object(let fields) = mapping else {
            invalid("mapping", "expected an object, found \(mapping.kindName)")
            return nil
        }
        mappingID = (fields["id"] ?? fields["uuid"])?.stringValue
        let known: Set = ["id", "uuid", "name", "request", "response", "priority", "scenarioName",
                          "requiredScenarioState", "newScenarioState", "persistent", "metadata", "insertionIndex"]
        unsupported(fields, known: known, at: "")

        var id = UUID()
        if let raw = fields["id"] ?? fields["uuid"] {
            if let text = raw.stringValue, let parsed = UUID(uuidString: text) {
                id = parsed
            } else {
                invalid(fields["id"] != nil ? "id" : "uuid", "expected a UUID string, found \(raw.compactText)")
            }
        }
        let name = string(fields["name"], at: "name")
        let priority = fields["priority"].flatMap { integer($0, at: "priority", minimum: 1) } ?? Stub.defaultPriority

        var scenario: ScenarioStep?
        let scenarioName = string(fields["scenarioName"], at: "scenarioName")
        let required = string(fields["requiredScenarioState"], at: "requiredScenarioState")
        let newState = string(fields["newScenarioState"], at: "newScenarioState")
        if let scenarioName {
            scenario = ScenarioStep(name: scenarioName, requiredState: required, newState: newState)
        } else if required != nil || newState != nil {
            invalid(required != nil ? "requiredScenarioState" : "newScenarioState", "needs scenarioName")
        }

        guard let requestValue = fields["request"] else {
            invalid("request", "missing")
            return nil
        }
        guard let responseValue = fields["response"] else {
            invalid("response", "missing")
            return nil
        }
        let request = readRequest(requestValue)
        let response = readResponse(responseValue)
        guard let request, let response else { return nil }
        return Stub(id: id, name: name, request: request, response: response, priority: priority, scenario: scenario)
    }

    // MARK: Request

    /// A request pattern on its own (the admin API's count and find bodies).
    mutating func readRequestPattern(_ value: JSONValue) -> RequestPattern? {
        readRequest(value)
    }

    private mutating func readRequest(_ value: JSONValue) -> RequestPattern? {
        guard case .object(let fields) = value else {
            invalid("request", "expected an object, found \(value.kindName)")
            return nil
        }
        let urlKeys = ["url", "urlPath", "urlPathPattern", "urlPattern", "urlPathTemplate"]
        unsupported(fields, known: Set(urlKeys + ["method", "queryParameters", "headers", "bodyPatterns"]), at: "request.")

        var method: String?
        if let raw = fields["method"] {
            if let text = string(raw, at: "request.method") { method = text.uppercased() == "ANY" ? nil : text.uppercased() }
        }
        var pattern = RequestPattern(method: method)

        let given = urlKeys.filter { fields[$0] != nil }
        if given.count > 1 {
            invalid("request", "give one of \(given.joined(separator: ", ")), not several")
        } else if let key = given.first, let text = string(fields[key], at: "request.\(key)") {
            let path: PathPattern = switch key {
            case "url": .url(text)
            case "urlPath": .exact(text)
            case "urlPathPattern": .regex(text)
            case "urlPattern": .urlRegex(text)
            default: .template(text)
            }
            if let problem = path.problem { invalid("request.\(key)", problem) }
            pattern.path = path
        }

        for (key, label) in [("queryParameters", "query"), ("headers", "header")] {
            guard let raw = fields[key] else { continue }
            guard case .object(let matchers) = raw else {
                invalid("request.\(key)", "expected an object, found \(raw.kindName)")
                continue
            }
            for name in matchers.keys.sorted() {
                guard let match = readStringMatch(matchers[name] ?? .null, at: "request.\(key).\(name)") else { continue }
                if label == "query" { pattern = pattern.query(name, match) } else { pattern = pattern.header(name, match) }
            }
        }

        if let raw = fields["bodyPatterns"] {
            guard case .array(let patterns) = raw else {
                invalid("request.bodyPatterns", "expected an array, found \(raw.kindName)")
                return nil
            }
            for (position, element) in patterns.enumerated() {
                if let body = readBodyPattern(element, at: "request.bodyPatterns[\(position)]") { pattern = pattern.body(body) }
            }
        }
        return pattern
    }

    private static let stringOperators: Set = ["equalTo", "contains", "doesNotContain", "matches", "doesNotMatch", "absent"]

    private mutating func readStringMatch(_ value: JSONValue, at field: String) -> StringMatch? {
        guard case .object(let fields) = value else {
            invalid(field, "expected a matcher object such as {\"equalTo\": \"…\"}, found \(value.kindName)")
            return nil
        }
        guard let (key, operand) = singleOperator(fields, known: Self.stringOperators, modifiers: ["caseInsensitive"], at: field) else {
            return nil
        }
        let caseInsensitive = fields["caseInsensitive"].flatMap { boolean($0, at: "\(field).caseInsensitive") } ?? false
        if caseInsensitive, key != "equalTo" { invalid("\(field).caseInsensitive", "only applies to equalTo") }
        if key == "absent" {
            guard operand == .bool(true) else {
                invalid("\(field).absent", "only \"absent\": true is supported")
                return nil
            }
            return .absent
        }
        guard let text = string(operand, at: "\(field).\(key)") else { return nil }
        let match: StringMatch = switch key {
        case "equalTo": .equalTo(text, caseInsensitive: caseInsensitive)
        case "contains": .contains(text)
        case "doesNotContain": .doesNotContain(text)
        case "matches": .matches(text)
        default: .doesNotMatch(text)
        }
        if let problem = match.problem { invalid("\(field).\(key)", problem) }
        return match
    }

    private mutating func readBodyPattern(_ value: JSONValue, at field: String) -> BodyPattern? {
        guard case .object(let fields) = value else {
            invalid(field, "expected a matcher object, found \(value.kindName)")
            return nil
        }
        let known: Set = ["equalTo", "contains", "doesNotContain", "matches", "doesNotMatch", "binaryEqualTo", "equalToJson", "matchesJsonPath"]
        guard let (key, operand) = singleOperator(fields, known: known, modifiers: ["caseInsensitive", "ignoreArrayOrder", "ignoreExtraElements"], at: field) else {
            return nil
        }
        let caseInsensitive = fields["caseInsensitive"].flatMap { boolean($0, at: "\(field).caseInsensitive") } ?? false
        let ignoreArrayOrder = fields["ignoreArrayOrder"].flatMap { boolean($0, at: "\(field).ignoreArrayOrder") } ?? false
        let ignoreExtra = fields["ignoreExtraElements"].flatMap { boolean($0, at: "\(field).ignoreExtraElements") } ?? false
        if caseInsensitive, key != "equalTo" { invalid("\(field).caseInsensitive", "only applies to equalTo") }
        for (modifier, set) in [("ignoreArrayOrder", ignoreArrayOrder), ("ignoreExtraElements", ignoreExtra)] where set && key != "equalToJson" {
            invalid("\(field).\(modifier)", "only applies to equalToJson")
        }
        switch key {
        case "equalToJson":
            var json = operand
            if case .string(let text) = operand {
                do throws(JSONParseError) {
                    json = try JSONValue(parsing: text)
                } catch {
                    invalid("\(field).equalToJson", "the string is not JSON: \(error)")
                    return nil
                }
            }
            return .equalToJSON(json, ignoreArrayOrder: ignoreArrayOrder, ignoreExtraElements: ignoreExtra)
        case "matchesJsonPath":
            return readJSONPath(operand, at: "\(field).matchesJsonPath")
        case "binaryEqualTo":
            guard let text = string(operand, at: "\(field).binaryEqualTo") else { return nil }
            guard let bytes = Data(base64Encoded: text) else {
                invalid("\(field).binaryEqualTo", "not valid base64")
                return nil
            }
            return .bytes(bytes)
        default:
            guard let text = string(operand, at: "\(field).\(key)") else { return nil }
            let pattern: BodyPattern = switch key {
            case "equalTo": .equalTo(text, caseInsensitive: caseInsensitive)
            case "contains": .contains(text)
            case "doesNotContain": .doesNotContain(text)
            case "matches": .matches(text)
            default: .doesNotMatch(text)
            }
            if let problem = pattern.problem { invalid("\(field).\(key)", problem) }
            return pattern
        }
    }

    private mutating func readJSONPath(_ operand: JSONValue, at field: String) -> BodyPattern? {
        func parse(_ expression: String, at field: String, into reader: inout MappingReader) -> JSONPath? {
            do throws(JSONPathError) {
                return try JSONPath(expression)
            } catch {
                reader.invalid(field, error.reason)
                return nil
            }
        }
        switch operand {
        case .string(let expression):
            return parse(expression, at: field, into: &self).map { .jsonPath($0) }
        case .object(var fields):
            guard let expressionValue = fields.removeValue(forKey: "expression") else {
                invalid(field, "an object needs \"expression\"")
                return nil
            }
            guard let expression = string(expressionValue, at: "\(field).expression"),
                  let path = parse(expression, at: "\(field).expression", into: &self) else { return nil }
            if fields.isEmpty { return .jsonPath(path) }
            guard let match = readStringMatch(.object(fields), at: field) else { return nil }
            return .jsonPath(path, match)
        default:
            invalid(field, "expected a string or an object, found \(operand.kindName)")
            return nil
        }
    }

    // MARK: Response

    private mutating func readResponse(_ value: JSONValue) -> StubResponse? {
        guard case .object(let fields) = value else {
            invalid("response", "expected an object, found \(value.kindName)")
            return nil
        }
        let bodyKeys = ["body", "jsonBody", "base64Body", "bodyFileName"]
        unsupported(fields, known: Set(bodyKeys + ["status", "headers", "fixedDelayMilliseconds", "fault", "transformers", "chunkedDribbleDelay"]),
                    at: "response.")
        var response = StubResponse()
        if let raw = fields["status"], let status = integer(raw, at: "response.status", minimum: 100) {
            if status > 599 { invalid("response.status", "\(status) is not an HTTP status (100…599)") }
            response.status = status
        }
        if let raw = fields["headers"] {
            if case .object(let headers) = raw {
                for name in headers.keys.sorted() {
                    switch headers[name] {
                    case .string(let text)?: response.headers.add(name, text)
                    case .array(let values)?:
                        for element in values {
                            if let text = string(element, at: "response.headers.\(name)") { response.headers.add(name, text) }
                        }
                    case let other?: invalid("response.headers.\(name)", "expected a string or an array of strings, found \(other.kindName)")
                    case nil: break
                    }
                }
            } else {
                invalid("response.headers", "expected an object, found \(raw.kindName)")
            }
        }

        let given = bodyKeys.filter { fields[$0] != nil }
        if given.count > 1 {
            invalid("response", "give one of \(given.joined(separator: ", ")), not several")
        } else if let key = given.first, let raw = fields[key] {
            switch key {
            case "jsonBody": response.body = .json(raw)
            case "body": if let text = string(raw, at: "response.body") { response.body = .text(text) }
            case "base64Body":
                if let text = string(raw, at: "response.base64Body") {
                    if let bytes = Data(base64Encoded: text) { response.body = .data(bytes) } else { invalid("response.base64Body", "not valid base64") }
                }
            default:
                if let name = string(raw, at: "response.bodyFileName") { response.body = bodyFile(name) ?? .empty }
            }
        }

        if let raw = fields["fixedDelayMilliseconds"], let milliseconds = integer(raw, at: "response.fixedDelayMilliseconds", minimum: 0) {
            response.delay = .milliseconds(milliseconds)
        }
        if let raw = fields["fault"], let name = string(raw, at: "response.fault") {
            switch name {
            case "CONNECTION_RESET_BY_PEER": response.fault = .connectionReset
            case "EMPTY_RESPONSE": response.fault = .emptyResponse
            case "MALFORMED_RESPONSE_CHUNK": response.fault = .malformedChunk
            case "RANDOM_DATA_THEN_CLOSE": issue("response.fault \"RANDOM_DATA_THEN_CLOSE\"", .unsupported)
            default: invalid("response.fault", "unknown fault \(JSONRendering.quote(name))")
            }
        }
        if let raw = fields["chunkedDribbleDelay"] {
            if case .object(let dribble) = raw {
                unsupported(dribble, known: ["numberOfChunks", "totalDuration"], at: "response.chunkedDribbleDelay.")
                let chunks = dribble["numberOfChunks"].flatMap { integer($0, at: "response.chunkedDribbleDelay.numberOfChunks", minimum: 1) }
                let total = dribble["totalDuration"].flatMap { integer($0, at: "response.chunkedDribbleDelay.totalDuration", minimum: 0) }
                if let chunks, let total {
                    if response.fault != nil { invalid("response.chunkedDribbleDelay", "cannot be combined with fault") }
                    response.fault = .chunkedDribble(chunks: chunks, over: .milliseconds(total))
                } else if dribble["numberOfChunks"] == nil || dribble["totalDuration"] == nil {
                    invalid("response.chunkedDribbleDelay", "needs numberOfChunks and totalDuration")
                }
            } else {
                invalid("response.chunkedDribbleDelay", "expected an object, found \(raw.kindName)")
            }
        }
        if let raw = fields["transformers"] {
            if case .array(let names) = raw {
                for (position, element) in names.enumerated() {
                    if element == .string("response-template") {
                        response.isTemplated = true
                    } else if let name = element.stringValue {
                        issue("response.transformers[\(position)] \(JSONRendering.quote(name))", .unsupported)
                    } else {
                        invalid("response.transformers[\(position)]", "expected a string, found \(element.kindName)")
                    }
                }
            } else {
                invalid("response.transformers", "expected an array, found \(raw.kindName)")
            }
        }
        if response.isTemplated { checkTemplates(response) }
        return response
    }

    private mutating func bodyFile(_ name: String) -> ResponseBody? {
        guard let filesDirectory else {
            invalid("response.bodyFileName", "no __files directory was given to resolve \(JSONRendering.quote(name))")
            return nil
        }
        if name.hasPrefix("/") || name.split(separator: "/").contains("..") {
            invalid("response.bodyFileName", "\(JSONRendering.quote(name)) must stay inside the __files directory")
            return nil
        }
        let path = URL(fileURLWithPath: filesDirectory).appendingPathComponent(name).path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            invalid("response.bodyFileName", "no file at \(path)")
            return nil
        }
        return .file(path)
    }

    private mutating func checkTemplates(_ response: StubResponse) {
        var texts: [(String, String)] = response.headers.map { ("response.headers.\($0.name)", $0.value) }
        switch response.body {
        case .text(let text): texts.append(("response.body", text))
        case .json(let json): texts.append(("response.jsonBody", json.compactText))
        default: break
        }
        for (field, text) in texts {
            do throws(ResponseTemplateError) {
                _ = try ResponseTemplate(text)
            } catch {
                invalid(field, "template \(error)")
            }
        }
    }

    // MARK: Helpers

    /// The one operator key among `fields` (besides `modifiers`); reports unknown and repeated ones.
    private mutating func singleOperator(_ fields: [String: JSONValue], known: Set<String>, modifiers: Set<String>, at field: String) -> (String, JSONValue)? {
        let keys = fields.keys.filter { !modifiers.contains($0) }.sorted()
        var operators: [String] = []
        for key in keys {
            if known.contains(key) { operators.append(key) } else { issue("\(field).\(key)", .unsupported) }
        }
        guard operators.count == 1 else {
            if operators.count > 1 { invalid(field, "give one matcher, not \(operators.joined(separator: " and "))") }
            if keys.isEmpty { invalid(field, "no matcher given") }
            return nil
        }
        return (operators[0], fields[operators[0]] ?? .null)
    }

    private mutating func unsupported(_ fields: [String: JSONValue], known: Set<String>, at prefix: String) {
        for key in fields.keys.sorted() where !known.contains(key) {
            issue(prefix + key, .unsupported)
        }
    }

    private mutating func string(_ value: JSONValue?, at field: String) -> String? {
        guard let value else { return nil }
        guard case .string(let text) = value else {
            invalid(field, "expected a string, found \(value.kindName)")
            return nil
        }
        return text
    }

    private mutating func boolean(_ value: JSONValue, at field: String) -> Bool? {
        guard case .bool(let flag) = value else {
            invalid(field, "expected true or false, found \(value.kindName)")
            return nil
        }
        return flag
    }

    private mutating func integer(_ value: JSONValue, at field: String, minimum: Int) -> Int? {
        guard case .number(let number) = value, number == number.rounded(), abs(number) < 1e15 else {
            invalid(field, "expected a whole number, found \(value.compactText)")
            return nil
        }
        guard Int(number) >= minimum else {
            invalid(field, "\(Int(number)) is below \(minimum)")
            return nil
        }
        return Int(number)
    }

    mutating func invalid(_ field: String, _ reason: String) {
        issue(field, .invalid(reason))
    }

    private mutating func issue(_ field: String, _ problem: WireMockIssue.Problem) {
        issues.append(WireMockIssue(source: source, mappingIndex: index, mappingID: mappingID, field: field, problem: problem))
    }
}
