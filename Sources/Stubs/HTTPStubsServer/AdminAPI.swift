import Foundation
import HTTPStubsCore
import LoopbackServer

/// The core of WireMock's admin API, with WireMock's JSON shapes, over a `StubRegistry`.
///
/// | route | does |
/// | --- | --- |
/// | `GET /__admin/mappings` | every stub as a mapping, `{"mappings": […], "meta": {"total": n}}` |
/// | `POST /__admin/mappings` | adds a mapping (201 with it); unsupported fields are a 422 naming them |
/// | `DELETE /__admin/mappings` | removes every stub |
/// | `POST /__admin/mappings/reset` | back to the stubs the server started with |
/// | `GET`, `PUT`, `DELETE /__admin/mappings/{id}` | one stub |
/// | `GET`, `DELETE /__admin/requests` | the journal, newest first; empties it |
/// | `POST /__admin/requests/count`, `…/find` | requests fitting a request pattern |
/// | `GET /__admin/requests/unmatched` | the requests no stub matched |
/// | `POST /__admin/reset` | default stubs, empty journal, scenarios at "Started" |
/// | `GET /__admin/scenarios`, `POST /__admin/scenarios/reset` | scenario states |
/// | `PUT /__admin/scenarios/{name}/state` | sets one scenario's state (`{"state": "…"}`) |
/// | `POST /__admin/recordings/start`, `…/stop`, `…/snapshot`; `GET …/status` | record and playback (``ServerRecorder``) |
/// | `POST /__admin/mappings/save`, `…/import`; `GET`, `DELETE …/mappings/unmatched` | saving, importing, unused stubs |
/// | `GET`, `DELETE /__admin/requests/{id}`; `POST …/requests/remove` | one logged request; removing by pattern |
/// | `GET /__admin/version`, `/__admin/health` | the server itself |
///
/// Errors are WireMock's `{"errors": [{"title": …}]}`.
struct AdminAPI {
    let registry: StubRegistry
    let defaults: [Stub]
    let filesDirectory: String?
    let recorder: ServerRecorder
    /// When the server started, for `/__admin/health`.
    let started: Date

    func answer(_ request: ServerRequest) -> ServerResponse {
        let path = String(request.target.prefix { $0 != "?" })
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).dropFirst().map(String.init)
        let body = Data(request.body)
        let at = parts + Array(repeating: "", count: max(0, 3 - parts.count))
        switch (request.method, parts.count, at[0], at[1], at[2]) {
        case ("GET", 1, "mappings", _, _):
            return json(200, mappingList(registry.stubs))
        case ("POST", 1, "mappings", _, _):
            return addMapping(body, source: "POST /__admin/mappings", replacing: nil)
        case ("DELETE", 1, "mappings", _, _):
            for stub in registry.stubs { registry.remove(stub.id) }
            return json(200, [:])
        case ("POST", 2, "mappings", "reset", _):
            resetMappings()
            return json(200, [:])
        case ("POST", 2, "mappings", "save", _):
            return saveMappings()
        case ("POST", 2, "mappings", "import", _):
            return importMappings(body)
        case ("GET", 2, "mappings", "unmatched", _):
            return json(200, mappingList(registry.unusedStubs))
        case ("DELETE", 2, "mappings", "unmatched", _):
            for stub in registry.unusedStubs { registry.remove(stub.id) }
            return json(200, [:])
        case ("GET", 2, "mappings", let id, _):
            guard let stub = stub(id) else { return error(404, "no mapping with id \(id)") }
            return json(200, mapping(stub))
        case ("PUT", 2, "mappings", let id, _):
            guard let existing = stub(id) else { return error(404, "no mapping with id \(id)") }
            return addMapping(body, source: "PUT /__admin/mappings/\(id)", replacing: existing.id)
        case ("DELETE", 2, "mappings", let id, _):
            guard let existing = stub(id) else { return error(404, "no mapping with id \(id)") }
            registry.remove(existing.id)
            return json(200, [:])
        case ("GET", 1, "requests", _, _):
            let journal = registry.journal
            return json(200, ["requests": .array(journal.reversed().map(loggedRequest)), "meta": ["total": .number(Double(journal.count))],
                              "requestJournalDisabled": false])
        case ("DELETE", 1, "requests", _, _), ("POST", 2, "requests", "reset", _):
            registry.resetJournal()
            return json(200, [:])
        case ("POST", 2, "requests", "count", _):
            return withPattern(body, source: "POST /__admin/requests/count") { pattern in
                json(200, ["count": .number(Double(registry.count(matching: pattern)))])
            }
        case ("POST", 2, "requests", "find", _):
            return withPattern(body, source: "POST /__admin/requests/find") { pattern in
                let found = registry.journal.filter { pattern.evaluate($0.request).matched }
                return json(200, ["requests": .array(found.map { loggedRequest($0)["request"] ?? .null })])
            }
        case ("POST", 2, "requests", "remove", _):
            return withPattern(body, source: "POST /__admin/requests/remove") { pattern in
                let removed = registry.removeFromJournal { pattern.evaluate($0.request).matched }
                return json(200, ["requests": .array(removed.map { loggedRequest($0)["request"] ?? .null })])
            }
        case ("GET", 2, "requests", let id, _) where id != "unmatched":
            guard let entry = registry.journal.first(where: { Self.eventID($0.index) == id.lowercased() }) else {
                return error(404, "no logged request with id \(id)")
            }
            return json(200, loggedRequest(entry))
        case ("DELETE", 2, "requests", let id, _):
            registry.removeFromJournal { Self.eventID($0.index) == id.lowercased() }
            return json(200, [:])
        case ("GET", 1, "version", _, _):
            return json(200, ["version": .string(Self.version)])
        case ("GET", 1, "health", _, _):
            return health()
        case ("GET", 2, "requests", "unmatched", _):
            let unmatched = registry.journal.filter { !$0.wasMatched }
            return json(200, ["requests": .array(unmatched.map { loggedRequest($0)["request"] ?? .null })])
        case ("POST", 1, "reset", _, _):
            resetMappings()
            registry.resetJournal()
            registry.resetScenarios()
            return json(200, [:])
        case ("GET", 1, "scenarios", _, _):
            return json(200, ["scenarios": .array(scenarios())])
        case ("POST", 2, "scenarios", "reset", _):
            registry.resetScenarios()
            return json(200, [:])
        case ("PUT", 3, "scenarios", let name, "state"):
            guard registry.scenarioStates[name] != nil else { return error(404, "no scenario named \(name)") }
            guard let state = (try? JSONValue(parsing: body))?["state"]?.stringValue else {
                return error(422, "expected {\"state\": \"…\"}")
            }
            registry.setScenarioState(name, to: state)
            return json(200, [:])
        case ("GET", 2, "recordings", "status", _):
            return json(200, ["status": .string(recorder.statusName)])
        case ("POST", 2, "recordings", "start", _):
            return withSpec(body, source: "POST /__admin/recordings/start", needsTarget: true) { spec throws(RecordingError) in
                try recorder.start(spec)
                return json(200, [:])
            }
        case ("POST", 2, "recordings", "stop", _):
            return recorded { () throws(RecordingError) in try recorder.stop().stubs }
        case ("POST", 2, "recordings", "snapshot", _):
            return withSpec(body, source: "POST /__admin/recordings/snapshot", needsTarget: false) { spec throws(RecordingError) in
                recorded { () throws(RecordingError) in try recorder.snapshot(spec).stubs }
            }
        default:
            if Self.answersPath(parts) {
                return error(405, "\(request.method) \(path) is not part of the admin API served here")
            }
            return error(404, "\(path) is not part of the admin API served here (WireMock's mappings, requests, recordings, scenarios, reset, version and health are)")
        }
    }

    /// Whether `parts` (the path after `/__admin`) is a path answered with some method: a wrong
    /// method there is a 405; any other path a 404.
    static func answersPath(_ parts: [String]) -> Bool {
        let fixed: Set<[String]> = [
            ["mappings"], ["mappings", "reset"], ["mappings", "save"], ["mappings", "import"], ["mappings", "unmatched"], ["requests"],
            ["requests", "reset"], ["requests", "count"], ["requests", "remove"], ["requests", "find"], ["requests", "unmatched"],
            ["recordings", "start"], ["recordings", "stop"], ["recordings", "status"], ["recordings", "snapshot"], ["scenarios"],
            ["scenarios", "reset"], ["reset"], ["version"], ["health"],
        ]
        if fixed.contains(parts) { return true }
        // `mappings/{id}`, `requests/{id}` and `scenarios/{name}/state`.
        switch parts.count {
        case 2: return (parts[0] == "mappings" || parts[0] == "requests") && UUID(uuidString: parts[1]) != nil
        case 3: return parts[0] == "scenarios" && parts[2] == "state"
        default: return false
        }
    }

    // MARK: Mappings

    func stub(_ id: String) -> Stub? {
        guard let uuid = UUID(uuidString: id) else { return nil }
        return registry.stubs.first { $0.id == uuid }
    }

    func resetMappings() {
        for stub in registry.stubs { registry.remove(stub.id) }
        registry.add(defaults)
    }

    func addMapping(_ body: Data, source: String, replacing id: UUID?) -> ServerResponse {
        let imported: WireMockImport
        do throws(WireMockFileError) {
            imported = try WireMockMapping.decode(body, source: source, filesDirectory: filesDirectory)
        } catch {
            return self.error(422, error.description)
        }
        guard imported.issues.isEmpty else {
            return errors(422, imported.issues.map(\.description))
        }
        guard imported.stubs.count == 1, var stub = imported.stubs.first else {
            return error(422, "expected one mapping, found \(imported.stubs.count)")
        }
        if let id {
            registry.remove(id)
            stub.id = id
        }
        registry.add(stub)
        return json(id == nil ? 201 : 200, mapping(stub))
    }

    func mappingList(_ stubs: [Stub]) -> JSONValue {
        ["mappings": .array(stubs.map(mapping)), "meta": ["total": .number(Double(stubs.count))]]
    }

    /// A stub as WireMock JSON; one that has no WireMock form (a custom predicate) says why.
    func mapping(_ stub: Stub) -> JSONValue {
        do throws(WireMockEncodingError) {
            return try WireMockMapping.encode(stub, filesDirectory: filesDirectory)
        } catch {
            return ["id": .string(stub.id.uuidString.lowercased()), "name": .string(stub.displayName),
                    "notRepresentable": .string(error.reason)]
        }
    }

    // MARK: Recordings

    private func withSpec(
        _ body: Data, source: String, needsTarget: Bool, _ answer: (RecordSpec) throws(RecordingError) -> ServerResponse
    ) -> ServerResponse {
        let spec: RecordSpec
        do throws(WireMockPatternError) {
            spec = try RecordSpec.decode(body, source: source, needsTarget: needsTarget)
        } catch {
            return error.issues.isEmpty ? self.error(422, error.description) : errors(422, error.issues.map(\.description))
        }
        do throws(RecordingError) {
            return try answer(spec)
        } catch {
            return self.error(error.status, error.reason)
        }
    }

    /// The stubs a recording made, as WireMock answers them: `{"mappings": […]}`.
    private func recorded(_ make: () throws(RecordingError) -> [Stub]) -> ServerResponse {
        do throws(RecordingError) {
            return json(200, ["mappings": .array(try make().map(mapping))])
        } catch {
            return self.error(error.status, error.reason)
        }
    }

    // MARK: Requests

    func withPattern(_ body: Data, source: String, _ answer: (RequestPattern) -> ServerResponse) -> ServerResponse {
        do throws(WireMockPatternError) {
            return answer(try WireMockMapping.decodeRequestPattern(body, source: source))
        } catch {
            return error.issues.isEmpty ? self.error(422, error.description) : errors(422, error.issues.map(\.description))
        }
    }

    /// A journal entry in the shape of WireMock's `ServeEvent`.
    func loggedRequest(_ entry: JournalEntry) -> JSONValue {
        let request = entry.request
        var headers: [String: JSONValue] = [:]
        for (name, value) in request.headers {
            headers[name] = headers[name].map { .string(($0.stringValue ?? "") + ", " + value) } ?? .string(value)
        }
        var query: [String: JSONValue] = [:]
        for name in Set(request.query.map(\.name)) {
            query[name] = ["key": .string(name), "values": .array(request.queryValues(name).map(JSONValue.string))]
        }
        var logged: [String: JSONValue] = [
            "url": .string(request.pathAndQuery),
            "absoluteUrl": .string(request.url?.absoluteString ?? "http://\(request.headers["Host"] ?? "127.0.0.1")\(request.pathAndQuery)"),
            "method": .string(request.method),
            "headers": .object(headers),
            "queryParams": .object(query),
            "body": .string(request.bodyText ?? ""),
            "bodyAsBase64": .string(request.body.base64EncodedString()),
        ]
        if request.bodyText == nil { logged["body"] = .null }
        var event: [String: JSONValue] = [
            "id": .string(Self.eventID(entry.index)),
            "request": .object(logged),
            "wasMatched": .bool(entry.wasMatched),
        ]
        if let status = entry.status { event["responseDefinition"] = ["status": .number(Double(status))] }
        if let id = entry.stubID {
            event["stubMapping"] = ["id": .string(id.uuidString.lowercased()), "name": .string(entry.stubName ?? "")]
        }
        if let failure = entry.failure { event["failure"] = .string(failure) }
        return .object(event)
    }

    /// A stable UUID-shaped id for the n-th request of the journal.
    static func eventID(_ index: Int) -> String {
        let hex = String(index, radix: 16)
        return "00000000-0000-4000-8000-" + String(repeating: "0", count: max(0, 12 - hex.count)) + hex
    }

    // MARK: Scenarios

    private func scenarios() -> [JSONValue] {
        let states = registry.scenarioStates
        var possible: [String: Set<String>] = [:]
        for stub in registry.stubs {
            guard let scenario = stub.scenario else { continue }
            possible[scenario.name, default: [ScenarioStep.started]].formUnion([scenario.requiredState, scenario.newState].compactMap { $0 })
        }
        return states.keys.sorted().map { name in
            ["id": .string(name), "name": .string(name), "state": .string(states[name] ?? ScenarioStep.started),
             "possibleStates": .array((possible[name] ?? [ScenarioStep.started]).sorted().map(JSONValue.string))]
        }
    }

    // MARK: Answers

    func json(_ status: Int, _ value: JSONValue) -> ServerResponse {
        ServerResponse(status: status, headers: [("Content-Type", "application/json")], body: Array(value.compactText.utf8))
    }

    func error(_ status: Int, _ title: String) -> ServerResponse {
        errors(status, [title])
    }

    func errors(_ status: Int, _ titles: [String]) -> ServerResponse {
        json(status, ["errors": .array(titles.map { ["title": .string($0)] })])
    }
}
