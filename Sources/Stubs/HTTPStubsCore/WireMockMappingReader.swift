import Foundation

/// Reads one mapping, collecting every issue rather than stopping at the first.
struct MappingReader {
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


    /// The one operator key among `fields` (besides `modifiers`); reports unknown and repeated ones.
    mutating func singleOperator(_ fields: [String: JSONValue], known: Set<String>, modifiers: Set<String>, at field: String) -> (String, JSONValue)? {
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

    mutating func unsupported(_ fields: [String: JSONValue], known: Set<String>, at prefix: String) {
        for key in fields.keys.sorted() where !known.contains(key) {
            issue(prefix + key, .unsupported)
        }
    }

    mutating func string(_ value: JSONValue?, at field: String) -> String? {
        guard let value else { return nil }
        guard case .string(let text) = value else {
            invalid(field, "expected a string, found \(value.kindName)")
            return nil
        }
        return text
    }

    mutating func boolean(_ value: JSONValue, at field: String) -> Bool? {
        guard case .bool(let flag) = value else {
            invalid(field, "expected true or false, found \(value.kindName)")
            return nil
        }
        return flag
    }

    mutating func integer(_ value: JSONValue, at field: String, minimum: Int) -> Int? {
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

    mutating func issue(_ field: String, _ problem: WireMockIssue.Problem) {
        issues.append(WireMockIssue(source: source, mappingIndex: index, mappingID: mappingID, field: field, problem: problem))
    }
}
