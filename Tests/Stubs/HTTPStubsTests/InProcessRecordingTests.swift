import Foundation
import HTTPStubs
import PyramidTestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Recording in a test process, with no server: a stub session passes what no stub answers to
/// the real API, the registry keeps what it answered, and the recording is saved as WireMock's
/// files and played back with `.httpStubs` and `StubRootDirectory`.
@Suite("Recording through a stub session", .timeLimit(.minutes(5)))
struct InProcessRecordingTests {
    let folder = TemporaryFolder("in-process-recording", create: true)

    @Test("a session of the test's own records the real API; saved, the recording answers the same bytes once the API is gone")
    func recordThenPlayBack() async throws {
        let api = try await RealAPI.start()
        let recorder = StubRegistry()
        recorder.stub(.get("/boom")).respond(.json(["stubbed": true]))
        recorder.proxyAll(to: api.url)
        let session = recorder.makeSession()
        var live: [String: (Int, Data)] = [:]
        for path in ["/items?page=2", "/image.png", "/boom"] {
            let (data, response) = try await session.data(from: URL(string: "https://api.example.com" + path)!)
            live[path] = (try #require(response as? HTTPURLResponse).statusCode, data)
        }
        // A stub of the test's own answers first; only the rest reached the API.
        #expect(live["/boom"]?.0 == 200 && recorder.recordedExchanges.map(\.request.pathAndQuery) == ["/items?page=2", "/image.png"])
        let (direct, _) = try await URLSession.patient().data(from: api.url("/items?page=2"))
        #expect(live["/items?page=2"]?.1 == direct)

        let root = StubRootDirectory(folder.path("root"))
        let recording = try recorder.saveRecording(to: root)
        #expect(recording.stubs.count == 2 && recording.files.count == 1, "the binary body in __files")
        let saved = try FileManager.default.contentsOfDirectory(atPath: root.path + "/mappings").map { root.path + "/mappings/" + $0 }
        #expect(saved.count == 2)
        let problems = try await WireMockSchema.problems(in: saved)
        #expect(problems.isEmpty, "valid against WireMock's schema: \(problems)")

        // The test-time drift check: the recording holds, until the API renames a field.
        let checked = StubRegistry()
        checked.add(try root.load().stubs)
        let report = try await checked.verify(against: api.url)
        #expect(report.entries.map(\.request).sorted() == ["GET /image.png", "GET /items?page=2"] && !report.hasDrift)
        try await api.move()
        let drift = await #expect(throws: StubDriftError.self) { try await checked.verify(against: api.url) }
        #expect(drift?.description.contains("✘ GET /items?page=2: body $.items[0].name added") == true, "\(String(describing: drift))")
        await api.stop()

        let played = live
        try await HTTPStubsTrait.httpStubs.provideScope(for: Test.current!, testCase: Test.Case.current) {
            let loaded = try root.load()
            #expect(loaded.issues.isEmpty, "\(loaded.issues)")
            StubRegistry.current.add(loaded.stubs)
            let replay = StubRegistry.current.makeSession()
            for path in ["/items?page=2", "/image.png"] {
                let (data, response) = try await replay.data(from: URL(string: "https://api.example.com" + path)!)
                #expect((response as? HTTPURLResponse)?.statusCode == played[path]?.0 && data == played[path]?.1, "\(path)")
            }
        }
    }

    @Test("saving a recording again into the same root replaces the mapping of each request recorded again, and says which")
    func saveAgain() async throws {
        let api = try await RealAPI.start()
        defer { Task { await api.stop() } }
        let root = StubRootDirectory(folder.path("again"))
        func record(_ paths: [String]) async throws -> StubRecorder.Recording {
            let recorder = StubRegistry()
            recorder.proxyAll(to: api.url)
            for path in paths { _ = try await recorder.makeSession().data(from: URL(string: "https://api.example.com" + path)!) }
            return try recorder.saveRecording(to: root)
        }
        let first = try await record(["/items?page=2", "/boom"])
        let page = try #require(first.saved?.mappings.first { $0.contains("/items_page_2-") }, "\(String(describing: first.saved))")
        #expect(first.saved?.replaced.isEmpty == true)
        let second = try await record(["/items?page=2"])
        let replacement = try #require(second.saved?.mappings.first)
        #expect(second.saved?.replaced == [SavedRecording.Replacement(removed: page, by: replacement, request: "GET /items?page=2")])
        let files = try FileManager.default.contentsOfDirectory(atPath: root.mappingsDirectory)
        #expect(files.count == 2 && files.filter { $0.hasPrefix("items_page_2-") } == [(replacement as NSString).lastPathComponent], "\(files)")
        let loaded = try root.load()
        #expect(loaded.stubs.map(\.request.description).sorted() == ["GET /boom", "GET /items?page=2"])
    }

    @Test("a real API that cannot be reached is a URLError naming the proxied request and where it went")
    func unreachable() async throws {
        let closed = try await RealAPI.start()
        let target = closed.url
        await closed.stop()
        let stubs = StubRegistry()
        stubs.proxyAll(to: target)
        let error = await #expect(throws: URLError.self) {
            _ = try await stubs.makeSession().data(from: URL(string: "https://api.example.com/items")!)
        }
        #expect(error?.code == .cannotConnectToHost)
        #expect(error?.localizedDescription.contains("proxying GET /items to \(target.absoluteString)/items failed") == true, "\(String(describing: error))")
        #expect(stubs.recordedExchanges.isEmpty)
    }
}
