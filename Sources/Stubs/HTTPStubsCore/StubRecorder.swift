public import Foundation
import PyramidIO

/// Stubs made from what real servers answered (`RecordedExchange`), as WireMock's recorder
/// makes them: each distinct request (method, path and query, the captured headers, the body)
/// becomes a stub answering what the server answered; a request answered differently when it
/// came again becomes a scenario, one step an answer, when the spec says so.
public enum StubRecorder {
    /// A recording: its stubs, and the bodies they read from `__files`.
    public struct Recording: Sendable {
        /// The stubs, in the order their requests first came.
        public var stubs: [Stub]
        /// Bodies too large (or binary) to sit in a mapping: a name in `__files`, and the bytes.
        public var files: [(name: String, bytes: Data)]
        /// Headers left out of what was recorded (redacted), with how many times each was.
        package var leftOut: [String: Int]
        /// What saving it to a root directory wrote and replaced; nil until it is saved.
        package var saved: SavedRecording?

        /// A recording with its parts given: stubs to write, with the `__files` bodies they read.
        package init(stubs: [Stub], files: [(name: String, bytes: Data)] = [], leftOut: [String: Int] = [:]) {
            self.stubs = stubs
            self.files = files
            self.leftOut = leftOut
        }
    }

    /// The stubs `exchanges` make under `spec`; bodies extracted to files are named as in
    /// `filesDirectory` (WireMock's `__files`), where the caller writes them.
    package static func record(_ exchanges: [RecordedExchange], spec: RecordSpec, filesDirectory: String) -> Recording {
        var order: [RequestKey] = []
        var answers: [RequestKey: [RecordedExchange]] = [:]
        for exchange in exchanges where spec.filter.map({ $0.match(exchange.request) != nil }) ?? true {
            let key = RequestKey(exchange.request, spec: spec)
            if answers[key] == nil { order.append(key) }
            answers[key, default: []].append(exchange)
        }
        var recording = Recording(stubs: [], files: [], leftOut: [:])
        var scenarios = 0
        for key in order {
            let seen = answers[key] ?? []
            var distinct: [RecordedExchange] = []
            for exchange in seen where !distinct.contains(where: { sameAnswer($0, exchange) }) { distinct.append(exchange) }
            let steps = spec.repeatsAsScenarios ? distinct : Array(distinct.prefix(1))
            let slug = slug(seen[0].request)
            let scenarioName: String?
            if steps.count > 1 {
                scenarios += 1
                scenarioName = "scenario-\(scenarios)-\(slug)"
            } else {
                scenarioName = nil
            }
            // A scenario has a step for every time the request came, so a replay answers in the
            // same order; its last step repeats.
            let played = scenarioName == nil ? steps : seen
            for (position, exchange) in played.enumerated() {
                let id = UUID()
                var stub = Stub(
                    id: id, name: slug, request: pattern(exchange.request, spec: spec),
                    response: response(exchange, spec: spec, name: "\(slug)-\(id.uuidString.lowercased())", filesDirectory: filesDirectory, into: &recording))
                if let scenarioName {
                    stub.scenario = ScenarioStep(
                        name: scenarioName, requiredState: position == 0 ? ScenarioStep.started : "\(scenarioName)-\(position + 1)",
                        newState: position + 1 < played.count ? "\(scenarioName)-\(position + 2)" : nil)
                }
                recording.stubs.append(stub)
            }
        }
        return recording
    }

    /// What makes two requests the same to a recorder.
    struct RequestKey: Hashable {
        var method: String
        var target: String
        var headers: [String]
        var body: Data

        init(_ request: StubRequest, spec: RecordSpec) {
            method = request.method
            target = request.pathAndQuery
            headers = spec.captureHeaders.map { capture in
                let values = request.headers.values(for: capture.name)
                return capture.caseInsensitive ? values.joined(separator: "\n").lowercased() : values.joined(separator: "\n")
            }
            body = request.body
        }
    }

    static func sameAnswer(_ first: RecordedExchange, _ second: RecordedExchange) -> Bool {
        first.status == second.status && first.body == second.body && first.headers == second.headers
    }

    /// The request as a pattern: method, path and query equal, the captured headers, the body.
    static func pattern(_ request: StubRequest, spec: RecordSpec) -> RequestPattern {
        var pattern = RequestPattern(method: request.method, path: .url(request.pathAndQuery))
        for capture in spec.captureHeaders where !spec.redactedHeaders.contains(capture.name.lowercased()) {
            if let value = request.headers[capture.name] {
                pattern.headers.append((capture.name, .equalTo(value, caseInsensitive: capture.caseInsensitive)))
            }
        }
        guard !request.body.isEmpty else { return pattern }
        let contentType = request.headers["Content-Type"]?.lowercased() ?? ""
        let text = String(data: request.body, encoding: .utf8)
        let json = contentType.contains("json") || text.map(Self.looksLikeJSON) == true ? try? JSONValue(parsing: request.body) : nil
        switch spec.requestBodyMatcher {
        case .auto(let ignoreArrayOrder, let ignoreExtraElements, let caseInsensitive):
            if let json {
                pattern.body.append(.equalToJSON(json, ignoreArrayOrder: ignoreArrayOrder, ignoreExtraElements: ignoreExtraElements))
            } else if let text, isText(contentType: contentType, bytes: request.body) {
                pattern.body.append(.equalTo(text, caseInsensitive: caseInsensitive))
            } else {
                pattern.body.append(.bytes(request.body))
            }
        case .equalToJSON(let ignoreArrayOrder, let ignoreExtraElements):
            if let json {
                pattern.body.append(.equalToJSON(json, ignoreArrayOrder: ignoreArrayOrder, ignoreExtraElements: ignoreExtraElements))
            } else if let text {
                pattern.body.append(.equalTo(text))
            } else {
                pattern.body.append(.bytes(request.body))
            }
        case .equalTo(let caseInsensitive):
            if let text { pattern.body.append(.equalTo(text, caseInsensitive: caseInsensitive)) } else { pattern.body.append(.bytes(request.body)) }
        }
        return pattern
    }

    /// The answer as a response: hop-by-hop fields, the encoding the client undid, the length
    /// and redacted headers left out; the body inline, or in `__files` when over the threshold.
    static func response(
        _ exchange: RecordedExchange, spec: RecordSpec, name: String, filesDirectory: String, into recording: inout Recording
    ) -> StubResponse {
        var response = StubResponse(status: exchange.status)
        for field in exchange.headers {
            let key = field.name.lowercased()
            if Self.notRecorded.contains(key) { continue }
            if spec.isRedacted(key) {
                recording.leftOut[field.name, default: 0] += 1
                continue
            }
            response.headers.add(field.name, field.value)
        }
        let body = exchange.body
        guard !body.isEmpty else { return response }
        let contentType = exchange.headers["Content-Type"]?.lowercased() ?? ""
        let isText = isText(contentType: contentType, bytes: body)
        if body.count > (isText ? spec.textSizeThreshold : spec.binarySizeThreshold) {
            let file = name + "." + fileExtension(contentType: contentType, isText: isText)
            recording.files.append((file, body))
            response.body = .file(URL(fileURLWithPath: filesDirectory).appendingPathComponent(file).standardizedFileURL.path)
        } else if isText, let text = String(data: body, encoding: .utf8) {
            response.body = .text(text)
        } else {
            response.body = .data(body)
        }
        return response
    }

    /// Fields a recording does not keep: those of one connection, the encoding the client
    /// already undid, and the length (the replay sets its own).
    static let notRecorded: Set<String> = HTTPHeaders.hopByHop.union(["content-encoding", "content-length"])

    /// Whether a body is text: a textual content type, or none and valid UTF-8 without NULs.
    static func isText(contentType: String, bytes: Data) -> Bool {
        if contentType.hasPrefix("text/") || ["json", "xml", "javascript", "x-www-form-urlencoded", "yaml", "csv"].contains(where: contentType.contains) {
            return String(data: bytes, encoding: .utf8) != nil
        }
        guard contentType.isEmpty else { return false }
        return !bytes.contains(0) && String(data: bytes, encoding: .utf8) != nil
    }

    static func looksLikeJSON(_ text: String) -> Bool {
        let first = text.first { !$0.isWhitespace }
        return first == "{" || first == "["
    }

    static func fileExtension(contentType: String, isText: Bool) -> String {
        let known: [(String, String)] = [
            ("json", "json"), ("html", "html"), ("xml", "xml"), ("javascript", "js"), ("css", "css"), ("csv", "csv"), ("png", "png"),
            ("jpeg", "jpg"), ("gif", "gif"), ("webp", "webp"), ("pdf", "pdf"), ("zip", "zip"),
        ]
        return known.first { contentType.contains($0.0) }?.1 ?? (isText ? "txt" : "bin")
    }

    /// WireMock's name for a recorded request: its path and query with every run of other
    /// characters than letters and digits as one `_`, at most 60 characters.
    static func slug(_ request: StubRequest) -> String {
        var slug = ""
        for scalar in request.pathAndQuery.unicodeScalars {
            if scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) {
                slug.unicodeScalars.append(scalar)
            } else if !slug.isEmpty, !slug.hasSuffix("_") {
                slug += "_"
            }
        }
        while slug.hasSuffix("_") { slug.removeLast() }
        return slug.isEmpty ? "root" : String(slug.prefix(60))
    }
}
