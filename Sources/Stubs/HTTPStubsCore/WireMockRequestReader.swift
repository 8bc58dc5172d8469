import Foundation

/// How a mapping's `request` is read: the method, URL and path matchers, query, headers, cookies and
/// body patterns, as WireMock spells them.
extension MappingReader {
    /// A request pattern on its own (the admin API's count and find bodies).
    mutating func readRequestPattern(_ value: JSONValue) -> RequestPattern? {
        readRequest(value)
    }

    mutating func readRequest(_ value: JSONValue) -> RequestPattern? {
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

    static let stringOperators: Set = ["equalTo", "contains", "doesNotContain", "matches", "doesNotMatch", "absent"]

    mutating func readStringMatch(_ value: JSONValue, at field: String) -> StringMatch? {
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

    mutating func readBodyPattern(_ value: JSONValue, at field: String) -> BodyPattern? {
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

    mutating func readJSONPath(_ operand: JSONValue, at field: String) -> BodyPattern? {
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
}
