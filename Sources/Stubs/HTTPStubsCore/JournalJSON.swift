import Foundation

extension JournalEntry {
    /// The entry as JSON: the request (method, URL, headers, body as text or base64), then the
    /// stub that matched, the status answered, and the failure, when there are.
    public var json: JSONValue {
        var requestJSON: [String: JSONValue] = [
            "method": .string(request.method),
            "url": .string(request.url?.absoluteString ?? request.pathAndQuery),
            "headers": .array(request.headers.map { .array([.string($0.name), .string($0.value)]) }),
        ]
        if !request.body.isEmpty {
            if let text = request.bodyText {
                requestJSON["body"] = .string(text)
            } else {
                requestJSON["bodyBase64"] = .string(request.body.base64EncodedString())
            }
        }
        var object: [String: JSONValue] = ["index": .number(Double(index)), "request": .object(requestJSON), "matched": .bool(wasMatched)]
        if let stubName { object["stub"] = .string(stubName) }
        if let status { object["status"] = .number(Double(status)) }
        if let failure { object["failure"] = .string(failure) }
        return .object(object)
    }
}

extension StubRegistry {
    /// The ``journal`` as a JSON array of ``JournalEntry/json``, with the stubs never used,
    /// as `{"requests": […], "unusedStubs": ["GET /a", …]}`.
    public var journalJSON: JSONValue {
        .object([
            "requests": .array(journal.map(\.json)),
            "unusedStubs": .array(unusedStubs.map { .string($0.displayName) }),
        ])
    }
}
