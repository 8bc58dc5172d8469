import Foundation
import PyramidIO

extension WireMockMapping {
    /// The mapping JSON for `stub`, in WireMock's shape, as the admin API returns it.
    ///
    /// Throws when the stub uses what WireMock's JSON cannot express: a custom predicate, a
    /// sequence of responses, the same query parameter or header matched twice, or the
    /// `hangUntilTimeout` fault. A body file inside `filesDirectory` (WireMock's `__files`) is
    /// written relative to it, as `bodyFileName` expects; any other body file keeps its path.
    public static func encode(_ stub: Stub, filesDirectory: String? = nil) throws(WireMockEncodingError) -> JSONValue {
        func fail(_ reason: String) -> WireMockEncodingError { WireMockEncodingError(stubName: stub.displayName, reason: reason) }

        var mapping: [String: JSONValue] = ["id": .string(stub.id.uuidString.lowercased()), "priority": .number(Double(stub.priority))]
        if let name = stub.name { mapping["name"] = .string(name) }
        if let scenario = stub.scenario {
            mapping["scenarioName"] = .string(scenario.name)
            if let required = scenario.requiredState { mapping["requiredScenarioState"] = .string(required) }
            if let newState = scenario.newState { mapping["newScenarioState"] = .string(newState) }
        }

        let pattern = stub.request
        var request: [String: JSONValue] = ["method": .string(pattern.method ?? "ANY")]
        if let path = pattern.path {
            switch path.kind {
            case .exact(let text): request["urlPath"] = .string(text)
            case .template(let text, _): request["urlPathTemplate"] = .string(text)
            case .regex(let regex): request["urlPathPattern"] = .string(regex.pattern)
            case .url(let text): request["url"] = .string(text)
            case .urlRegex(let regex): request["urlPattern"] = .string(regex.pattern)
            }
        }
        for (key, criteria) in [("queryParameters", pattern.query), ("headers", pattern.headers)] {
            guard !criteria.isEmpty else { continue }
            var matchers: [String: JSONValue] = [:]
            for (name, match) in criteria {
                guard matchers[name] == nil else { throw fail("\(key) matches \(Markup.jsonString(name)) twice") }
                matchers[name] = encode(match)
            }
            request[key] = .object(matchers)
        }
        if !pattern.body.isEmpty {
            var patterns: [JSONValue] = []
            for body in pattern.body {
                switch body.kind {
                case .equalTo(let text, let caseInsensitive):
                    patterns.append(caseInsensitive ? ["equalTo": .string(text), "caseInsensitive": true] : ["equalTo": .string(text)])
                case .bytes(let bytes): patterns.append(["binaryEqualTo": .string(bytes.base64EncodedString())])
                case .contains(let text): patterns.append(["contains": .string(text)])
                case .doesNotContain(let text): patterns.append(["doesNotContain": .string(text)])
                case .matches(let regex): patterns.append(["matches": .string(regex.pattern)])
                case .doesNotMatch(let regex): patterns.append(["doesNotMatch": .string(regex.pattern)])
                case .json(let json, let comparison):
                    var object: [String: JSONValue] = ["equalToJson": json]
                    if comparison.ignoreArrayOrder { object["ignoreArrayOrder"] = true }
                    if comparison.ignoreExtraElements { object["ignoreExtraElements"] = true }
                    patterns.append(.object(object))
                case .jsonPath(let path, let match):
                    if let match, case .object(var object) = encode(match) {
                        object["expression"] = .string(path.expression)
                        patterns.append(["matchesJsonPath": .object(object)])
                    } else {
                        patterns.append(["matchesJsonPath": .string(path.expression)])
                    }
                case .custom(let description, _):
                    throw fail("the custom predicate \(Markup.jsonString(description)) has no JSON form")
                }
            }
            request["bodyPatterns"] = .array(patterns)
        }
        mapping["request"] = .object(request)

        guard stub.responses.count == 1, let answer = stub.responses.first else {
            throw fail("a sequence of \(stub.responses.count) responses has no JSON form (use a scenario)")
        }
        var response: [String: JSONValue] = ["status": .number(Double(answer.status))]
        if let proxy = answer.proxy {
            response = ["proxyBaseUrl": .string(proxy.baseURL.absoluteString)]
            if !proxy.additionalRequestHeaders.isEmpty {
                response["additionalProxyRequestHeaders"] = .object(Dictionary(
                    proxy.additionalRequestHeaders.map { ($0.name, JSONValue.string($0.value)) }, uniquingKeysWith: { _, last in last }))
            }
        }
        if !answer.headers.isEmpty {
            var headers: [String: JSONValue] = [:]
            var order: [String] = []
            var values: [String: [String]] = [:]
            for field in answer.headers {
                if values[field.name] == nil { order.append(field.name) }
                values[field.name, default: []].append(field.value)
            }
            for name in order {
                let list = values[name] ?? []
                headers[name] = list.count == 1 ? .string(list[0]) : .array(list.map(JSONValue.string))
            }
            response["headers"] = .object(headers)
        }
        switch answer.body {
        case .empty: break
        case .text(let text): response["body"] = .string(text)
        case .json(let json): response["jsonBody"] = json
        case .data(let data): response["base64Body"] = .string(data.base64EncodedString())
        case .file(let path):
            let base = filesDirectory.map { URL(fileURLWithPath: $0).standardizedFileURL.path + "/" }
            if let base, path.hasPrefix(base) {
                response["bodyFileName"] = .string(String(path.dropFirst(base.count)))
            } else {
                response["bodyFileName"] = .string(path)
            }
        }
        if let delay = answer.delay {
            let (seconds, attoseconds) = delay.components
            response["fixedDelayMilliseconds"] = .number(Double(seconds * 1000 + attoseconds / 1_000_000_000_000_000))
        }
        switch answer.fault {
        case nil: break
        case .connectionReset: response["fault"] = "CONNECTION_RESET_BY_PEER"
        case .emptyResponse: response["fault"] = "EMPTY_RESPONSE"
        case .malformedChunk: response["fault"] = "MALFORMED_RESPONSE_CHUNK"
        case .hangUntilTimeout: throw fail("the fault \"hang until timeout\" has no WireMock name")
        case .chunkedDribble(let chunks, let duration):
            let (seconds, attoseconds) = duration.components
            response["chunkedDribbleDelay"] = [
                "numberOfChunks": .number(Double(chunks)),
                "totalDuration": .number(Double(seconds * 1000 + attoseconds / 1_000_000_000_000_000)),
            ]
        }
        if answer.isTemplated { response["transformers"] = ["response-template"] }
        mapping["response"] = .object(response)
        return .object(mapping)
    }

    /// `{"mappings": [...], "meta": {"total": n}}`, as WireMock's `GET /__admin/mappings` answers.
    public static func encode(_ stubs: [Stub], filesDirectory: String? = nil) throws(WireMockEncodingError) -> JSONValue {
        var mappings: [JSONValue] = []
        for stub in stubs { mappings.append(try encode(stub, filesDirectory: filesDirectory)) }
        return ["mappings": .array(mappings), "meta": ["total": .number(Double(stubs.count))]]
    }

    private static func encode(_ match: StringMatch) -> JSONValue {
        switch match.kind {
        case .equalTo(let text, let caseInsensitive):
            caseInsensitive ? ["equalTo": .string(text), "caseInsensitive": true] : ["equalTo": .string(text)]
        case .contains(let text): ["contains": .string(text)]
        case .doesNotContain(let text): ["doesNotContain": .string(text)]
        case .matches(let regex): ["matches": .string(regex.pattern)]
        case .doesNotMatch(let regex): ["doesNotMatch": .string(regex.pattern)]
        case .present: ["matches": ".*"]
        case .absent: ["absent": true]
        }
    }
}
