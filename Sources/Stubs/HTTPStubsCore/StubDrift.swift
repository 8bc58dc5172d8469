package import Foundation
import PyramidIO

/// Whether the real API still answers as recorded stubs say: each stub's request sent to it,
/// its answer compared with the stub's (status, headers you name, and the body as a
/// structural JSON difference, ``JSONDiff``).
///
/// Only requests that change nothing are sent unless asked (``methods``): a recording's
/// `POST /orders` would place a real order.
package struct DriftCheck: Sendable {
    /// Headers whose values are compared (names, any case).
    package var headers: [String]
    /// How bodies are compared.
    package var diff: JSONDiff
    /// The methods sent (upper case); stubs of other methods are skipped and listed.
    package var methods: Set<String>

    /// The methods that change nothing on the server (RFC 9110 §9.2.1).
    package static let safeMethods: Set<String> = ["GET", "HEAD", "OPTIONS"]

    /// A check of `headers`' values and the body as `diff` compares it, sending `methods`.
    package init(headers: [String] = [], diff: JSONDiff = JSONDiff(), methods: Set<String> = DriftCheck.safeMethods) {
        self.headers = headers
        self.diff = diff
        self.methods = Set(methods.map { $0.uppercased() })
    }
}

/// What a drift check found, stub by stub.
package struct DriftReport: Sendable, CustomStringConvertible {
    /// One stub's check.
    package struct Entry: Sendable {
        /// The request, as `GET /items?page=1`.
        package var request: String
        /// What moved: the status, a header, a body field. Empty when nothing did.
        package var drift: [String]
        /// Why the stub was not checked (a pattern that is no single request, a method not sent).
        package var skipped: String?
        /// Why the real API gave no answer.
        package var failure: String?
    }

    /// Each stub checked or skipped, in the order given.
    package var entries: [Entry]
    /// The real API the stubs were checked against.
    package var target: URL
    /// Why the API could not be reached, when a connection to it failed ("nothing accepted a
    /// connection on 127.0.0.1 port 1"); the requests after that one were not sent.
    package var unreachable: String?

    /// Whether any stub's answer moved.
    package var hasDrift: Bool { entries.contains { !$0.drift.isEmpty } }
    /// Whether the real API could not answer some request.
    package var hasFailures: Bool { entries.contains { $0.failure != nil } }

    /// One line of counts that add up to the stubs given: "3 of 4 mapping(s) checked against
    /// https://api.example.com: 1 moved, 1 skipped." When the API could not be reached:
    /// "3 of 3 mapping(s) not checked: the API at http://127.0.0.1:1 could not be reached
    /// (nothing accepted a connection on 127.0.0.1 port 1)."
    package var summary: String {
        let failed = entries.filter { $0.failure != nil }.count
        let skipped = entries.filter { $0.skipped != nil }.count
        if let unreachable {
            let skippedText = skipped > 0 ? " (\(skipped) more skipped)" : ""
            return "\(failed) of \(entries.count - skipped) mapping(s) not checked\(skippedText): the API at \(target.absoluteString) could not be reached (\(unreachable))."
        }
        let moved = entries.filter { !$0.drift.isEmpty }.count
        let checked = entries.count - failed - skipped
        var counts = ["\(moved) moved"]
        if failed > 0 { counts.append("\(failed) not answered") }
        if skipped > 0 { counts.append("\(skipped) skipped") }
        return "\(checked) of \(entries.count) mapping(s) checked against \(target.absoluteString): " + counts.joined(separator: ", ") + "."
    }

    /// One line a stub: `✔`, `✘` with what moved, `!` with why it could not be checked, `–` skipped.
    package var description: String {
        entries.map { entry in
            if let failure = entry.failure { return "! \(entry.request): \(failure)" }
            if let skipped = entry.skipped { return "– \(entry.request): skipped, \(skipped)" }
            if entry.drift.isEmpty { return "✔ \(entry.request)" }
            return "✘ \(entry.request): " + entry.drift.joined(separator: "; ")
        }.joined(separator: "\n")
    }
}

/// A drift check that found drift or could not reach the API: its report.
package struct StubDriftError: Error, Sendable, CustomStringConvertible {
    /// The whole report.
    package var report: DriftReport
    package var description: String {
        if report.unreachable != nil { return "the stubs could not be checked: \(report.summary)\n\(report)" }
        return "the real API has moved away from the stubs (\(report.summary)):\n\(report)"
    }
}

/// The drift check itself: recorded stubs' requests sent to the real API, the answers compared
/// as ``DriftCheck`` says, the findings in a ``DriftReport``.
package enum StubDrift {
    /// Sends each stub's request to `target` and compares the answers, in the order given (a
    /// registry's ``StubRegistry/stubs``, the order a server tries them in). Every stub gets an
    /// entry: a scenario's steps after its first, and a stub of a request an earlier one already
    /// answers, are skipped and say so. Once a connection to the API fails, no more requests
    /// are sent: each stub left is "not checked", and ``DriftReport/unreachable`` says why.
    package static func check(_ stubs: [Stub], against target: URL, _ check: DriftCheck = DriftCheck(), forwarder: ProxyForwarder = .shared) async -> DriftReport {
        var report = DriftReport(entries: [], target: target)
        var sent: [String: Stub] = [:]
        for stub in stubs {
            if let scenario = stub.scenario, let required = scenario.requiredState, required != ScenarioStep.started {
                let request = request(for: stub)?.summary ?? stub.displayName
                report.entries.append(DriftReport.Entry(
                    request: request, drift: [], skipped: "a later step of scenario \(Markup.jsonString(scenario.name)) (its first step is checked)"))
                continue
            }
            guard let request = request(for: stub) else {
                report.entries.append(DriftReport.Entry(request: stub.displayName, drift: [], skipped: "its pattern is not one request (a template, a regular expression or a partial body)"))
                continue
            }
            let summary = request.summary
            let key = summary + "\n" + (request.bodyText ?? "")
            if let first = sent[key] {
                report.entries.append(DriftReport.Entry(
                    request: summary, drift: [],
                    skipped: "mapping \(first.id.uuidString.lowercased()) of the same request answers it first"))
                continue
            }
            sent[key] = stub
            guard check.methods.contains(request.method) else {
                report.entries.append(DriftReport.Entry(request: summary, drift: [], skipped: "\(request.method) may change the server's data (allow it to send it)"))
                continue
            }
            guard let recorded = try? stub.responses.first?.resolve(for: request, captures: [:]), stub.responses.first?.isTemplated == false,
                  stub.responses.first?.proxy == nil, stub.responses.first?.fault == nil
            else {
                report.entries.append(DriftReport.Entry(request: summary, drift: [], skipped: "its response is templated, a fault, a proxy, or unreadable"))
                continue
            }
            if report.unreachable != nil {
                report.entries.append(DriftReport.Entry(request: summary, drift: [], failure: "not checked: the API could not be reached"))
                continue
            }
            switch await forwarder.forward(request, via: StubProxy(baseURL: target)) {
            case .failure(let failure):
                report.entries.append(DriftReport.Entry(request: summary, drift: [], failure: Self.describe(failure)))
                if case .unreachable(let reason) = failure.kind { report.unreachable = reason }
            case .success(let live):
                report.entries.append(DriftReport.Entry(request: summary, drift: compare(recorded, live, check)))
            }
        }
        return report
    }

    /// Why a request sent to check a stub got no answer, in a drift report's words (it is not
    /// proxying: the request is the check's own).
    static func describe(_ failure: ProxyFailure) -> String {
        switch failure.kind {
        case .unreachable: "not checked: the API could not be reached"
        case .timedOut(let timeout): "no answer from \(failure.url) within \(timeout)"
        case .invalidURL: "not checked: \(failure.url) is not a valid URL"
        case .failed(let reason): "the exchange with \(failure.url) failed: \(reason)"
        }
    }

    /// What moved between a stub's response and the live answer.
    static func compare(_ recorded: ResolvedResponse, _ live: RecordedExchange, _ check: DriftCheck) -> [String] {
        var drift: [String] = []
        if recorded.status != live.status { drift.append("status \(recorded.status) → \(live.status)") }
        for name in check.headers where recorded.headers.values(for: name) != live.headers.values(for: name) {
            let was = recorded.headers.values(for: name).joined(separator: ", "), now = live.headers.values(for: name).joined(separator: ", ")
            drift.append("header \(name) \(was.isEmpty ? "(absent)" : "\"\(was)\"") → \(now.isEmpty ? "(absent)" : "\"\(now)\"")")
        }
        let wasJSON = recorded.body.isEmpty ? nil : try? JSONValue(parsing: recorded.body)
        let nowJSON = live.body.isEmpty ? nil : try? JSONValue(parsing: live.body)
        switch (wasJSON, nowJSON) {
        case (let was?, let now?):
            drift += check.diff.differences(recorded: was, current: now).map { "body \($0)" }
        case (.some, nil):
            drift.append("the body is no longer JSON (\(live.body.count) bytes)")
        default:
            if check.diff.comparesValues, recorded.body != live.body {
                drift.append("the body changed (\(recorded.body.count) bytes → \(live.body.count) bytes)")
            }
        }
        return drift
    }

    /// The one request a stub's pattern describes: a method, a whole URL (`url`, or `urlPath`
    /// with exact query values), exact header values and an exact body; nil when it is not one.
    static func request(for stub: Stub) -> StubRequest? {
        let pattern = stub.request
        var target: String
        switch pattern.path?.kind {
        case .url(let text)?: target = text
        case .exact(let path)?: target = path
        default: return nil
        }
        var query: [String] = []
        for (name, match) in pattern.query {
            guard case .equalTo(let value, false) = match.kind else { return nil }
            query.append(Self.encoded(name) + "=" + Self.encoded(value))
        }
        if !query.isEmpty { target += (target.contains("?") ? "&" : "?") + query.joined(separator: "&") }
        var headers = HTTPHeaders()
        for (name, match) in pattern.headers {
            guard case .equalTo(let value, _) = match.kind else { return nil }
            headers.add(name, value)
        }
        var body = Data()
        for bodyPattern in pattern.body {
            switch bodyPattern.kind {
            case .equalTo(let text, _): body = Data(text.utf8)
            case .json(let json, _):
                body = Data(json.compactText.utf8)
                if headers["Content-Type"] == nil { headers.add("Content-Type", "application/json") }
            case .bytes(let bytes): body = bytes
            default: return nil
            }
        }
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(parts[0])
        let encodedQuery = parts.count > 1 ? String(parts[1]) : nil
        let items = encodedQuery.flatMap { URLComponents(string: "?" + $0)?.queryItems } ?? []
        return StubRequest(method: pattern.method ?? "GET", path: path, query: items, percentEncodedQuery: encodedQuery, headers: headers, body: body)
    }

    private static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed.subtracting(CharacterSet(charactersIn: "&=+?#"))) ?? text
    }
}

extension StubRegistry {
    /// Checks this registry's stubs against the real API at `target` (``StubDrift``) and
    /// throws its report when anything moved or could not be checked.
    ///
    /// ```swift
    /// @Test func theRecordingStillHolds() async throws {
    ///     let stubs = StubRegistry()
    ///     stubs.add(try StubRootDirectory("Tests/Fixtures/articles").load().stubs)
    ///     try await stubs.verify(against: URL(string: "https://staging.example.com")!)
    /// }
    /// ```
    @discardableResult
    package func verify(against target: URL, _ check: DriftCheck = DriftCheck()) async throws(StubDriftError) -> DriftReport {
        let report = await StubDrift.check(stubs, against: target, check)
        if report.hasDrift || report.hasFailures { throw StubDriftError(report: report) }
        return report
    }
}
