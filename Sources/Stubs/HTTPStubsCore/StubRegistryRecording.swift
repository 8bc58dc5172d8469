public import Foundation

extension StubRegistry {
    /// The priority of ``proxyAll(to:headers:)``'s stub: below the default, so every stub
    /// added without a priority answers first and only the rest goes to the real server.
    package static let passThroughPriority = Stub.defaultPriority + 5

    /// Sends every request no other stub answers to the real server at `target` (WireMock's
    /// `proxyBaseUrl`), with `headers` added, and keeps what it answered for
    /// ``saveRecording(to:spec:)``. Returns the proxy stub's id, to remove it.
    ///
    /// ```swift
    /// let stubs = StubRegistry()
    /// stubs.proxyAll(to: URL(string: "https://staging.example.com")!)
    /// let client = ArticleAPIClient(session: stubs.makeSession())
    /// _ = try await client.articles(page: 1)          // answered by staging
    /// try stubs.saveRecording(to: StubRootDirectory("Tests/Fixtures/articles"))
    /// ```
    @discardableResult
    public func proxyAll(to target: URL, headers: HTTPHeaders = [:]) -> UUID {
        add(Stub(name: "pass through to \(target.absoluteString)", request: RequestPattern(), response: .proxy(to: target, headers: headers),
                 priority: Self.passThroughPriority))
    }

    /// Turns what the real servers answered so far (`recordedExchanges`) into stubs and
    /// writes them to `root` as WireMock writes a recording; returns what was written, with
    /// `saved` naming the files. A mapping file an earlier recording
    /// wrote for a request recorded again is replaced (``StubRootDirectory/write(_:replacingSameRequests:)``).
    ///
    /// - Throws: ``StubRootError`` when the root cannot be written.
    @discardableResult
    public func saveRecording(to root: StubRootDirectory, spec: RecordSpec = RecordSpec()) throws(StubRootError) -> StubRecorder.Recording {
        var recording = StubRecorder.record(recordedExchanges, spec: spec, filesDirectory: root.filesDirectory)
        recording.saved = try root.write(recording)
        return recording
    }
}
