import Foundation
import HTTPStubs
import HTTPStubsServer
import PyramidTestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Every mapping we write, in every form we write it (one stub encoded, the admin API's list,
/// `/__admin/mappings/save`'s files), validates against WireMock's own JSON Schema.
@Suite("Mappings against WireMock's schema", .timeLimit(.minutes(5)))
struct MappingSchemaTests {
    let folder = TemporaryFolder("mapping-schema", create: true)

    /// A stub of every feature the encoder writes.
    static func everyKind() throws -> [Stub] {
        let paths: [PathPattern] = [.exact("/a"), .template("/users/{id}"), .regex("/r/[0-9]+"), .url("/u?x=1"), .urlRegex("/v\\?y=.*")]
        var stubs = paths.map { Stub(request: RequestPattern(method: "GET", path: $0), response: .status(204)) }
        let matches: [StringMatch] = [.equalTo("1"), .equalTo("a", caseInsensitive: true), .contains("b"), .doesNotContain("c"), .matches("d+"), .doesNotMatch("e"), .present, .absent]
        for (index, match) in matches.enumerated() {
            stubs.append(Stub(request: RequestPattern.get(.exact("/q\(index)")).query("q", match).header("X-H", match), response: .text("ok")))
        }
        let bodies: [BodyPattern] = [
            .equalTo("t"), .equalTo("T", caseInsensitive: true), .bytes(Data([0, 1, 2])), .contains("c"), .doesNotContain("d"), .matches("m.*"),
            .doesNotMatch("n"), .equalToJSON(["a": 1]), .equalToJSON(["a": [1, 2]], ignoreArrayOrder: true, ignoreExtraElements: true),
            .jsonPath(try JSONPath("$.a")), .jsonPath(try JSONPath("$.b"), .equalTo("x")),
        ]
        for (index, body) in bodies.enumerated() {
            stubs.append(Stub(request: RequestPattern.post(.exact("/b\(index)")).body(body), response: .json(["ok": true], status: 201)))
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("body.json").path
        let responses: [StubResponse] = [
            .data(Data([0xff, 0x00])), .file(file), .text("a").header("X-A", "1").header("Set-Cookie", "s=1"), .json(["x": 1]).delayed(by: .milliseconds(250)),
            .fault(.connectionReset), .fault(.emptyResponse), .fault(.malformedChunk), .text("slow").withStatus(200),
            StubResponse(status: 200, body: .text("dribble"), fault: .chunkedDribble(chunks: 3, over: .milliseconds(300))),
            .text("{{request.path}}").templated(), .proxy(to: URL(string: "https://api.example.com/v2")!, headers: ["X-Key": "k"]),
        ]
        for (index, response) in responses.enumerated() {
            stubs.append(Stub(name: "response \(index)", request: .get(.exact("/r\(index)")), response: response, priority: index + 1))
        }
        stubs.append(Stub(request: .get("/s"), response: .status(200), scenario: ScenarioStep(name: "cart", requiredState: ScenarioStep.started, newState: "filled")))
        stubs.append(Stub(request: .anyRequest, response: .status(404)))
        return stubs
    }

    @Test("each stub, encoded alone and as the admin API lists them, and as /__admin/mappings/save writes them")
    func everyForm() async throws {
        let stubs = try Self.everyKind()
        #expect(stubs.count == 37)
        var files: [String] = []
        for (index, stub) in stubs.enumerated() {
            let path = folder.path("one-\(index).json")
            try Data(try WireMockMapping.encode(stub).prettyText.utf8).write(to: URL(fileURLWithPath: path))
            files.append(path)
        }
        let registry = StubRegistry()
        registry.add(stubs)
        let root = folder.path("root")
        try await withStubServer(registry, options: StubServerOptions(rootDirectory: root)) { server in
            let session = URLSession.patient()
            let (list, _) = try await session.data(from: server.url("/__admin/mappings"))
            let listed = folder.path("listed.json")
            try list.write(to: URL(fileURLWithPath: listed))
            files.append(listed)
            var save = URLRequest(url: server.url("/__admin/mappings/save"))
            save.httpMethod = "POST"
            let (_, saved) = try await session.data(for: save)
            #expect((saved as? HTTPURLResponse)?.statusCode == 200)
        }
        let written = try FileManager.default.contentsOfDirectory(atPath: root + "/mappings").map { root + "/mappings/" + $0 }
        #expect(written.count == stubs.count)
        let problems = try await WireMockSchema.problems(in: files + written)
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test("the schema is an oracle that can fail: a mapping of the wrong shape is named")
    func oracleFails() async throws {
        let bad = folder.path("bad.json")
        try Data(#"{"request": {"method": 5}, "response": {"status": "ok"}}"#.utf8).write(to: URL(fileURLWithPath: bad))
        let problems = try await WireMockSchema.problems(in: [bad])
        #expect(problems.count == 1 && problems[0].hasPrefix(bad + ": "), "\(problems)")
    }
}
