import Foundation
import HTTPStubs
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// No bleed between sessions: each session's requests reach its own registry only.
@Suite("StubRegistry.makeSession: sessions never share stubs")
struct StubSessionIsolationTests {
    /// Stubs `GET /whoami` to answer each client's own number on the registry `registry(client)`
    /// gives, makes a session per client, then sends every request at once. Returns the clients
    /// that got another client's answer.
    static func bleed(clients: Int, registry: (Int) -> StubRegistry) async throws -> [Int] {
        var sessions: [URLSession] = []
        for client in 0..<clients {
            let stubs = registry(client)
            stubs.stub(.get("/whoami")).respond(.text(String(client)))
            sessions.append(stubs.makeSession())
        }
        return try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for (client, session) in sessions.enumerated() {
                group.addTask { (client, StubClient.text(try await session.data(from: StubClient.url("/whoami")).0)) }
            }
            var wrong: [Int] = []
            for try await (client, answer) in group where answer != String(client) {
                wrong.append(client)
            }
            return wrong.sorted()
        }
    }

    @Test("200 parallel test cases each get their own answer", arguments: 0..<200)
    func ownAnswer(client: Int) async throws {
        let stubs = StubRegistry()
        stubs.stub(.get("/whoami")).respond(.text(String(client)))
        let session = stubs.makeSession()
        let (data, _) = try await session.data(from: StubClient.url("/whoami"))
        #expect(StubClient.text(data) == String(client))
        #expect(stubs.journal.count == 1)
    }

    @Test("200 sessions at once, one registry each: no client gets another's answer")
    func noBleed() async throws {
        #expect(try await Self.bleed(clients: 200) { _ in StubRegistry() } == [])
    }

    @Test("the bleed check catches one registry shared by every client")
    func checkCatchesBleed() async throws {
        let shared = StubRegistry()
        // Every client's stub is added before any request, and the last added wins: all but client 199 are wrong.
        #expect(try await Self.bleed(clients: 200) { _ in shared } == Array(0..<199))
    }
}
