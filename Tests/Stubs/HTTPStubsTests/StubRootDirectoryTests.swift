import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPStubs
import PyramidTestSupport
import Testing

/// WireMock's `--root-dir` layout read from disk: nested mapping files, `__files` bodies, and
/// every problem named with its file.
@Suite("Stub root directory")
struct StubRootDirectoryTests {
    private let scratchRoot = TemporaryFolder("stub-root")
    var root: String { scratchRoot.path }

    func write(_ relative: String, _ text: String) throws {
        let path = (root as NSString).appendingPathComponent(relative)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    @Test("reads every mapping file under mappings/, in path order, with bodies from __files")
    func loads() async throws {
        try write("mappings/b/items.json", #"{"mappings": [{"request": {"urlPath": "/b"}, "response": {"status": 200, "bodyFileName": "items.json"}}]}"#)
        try write("mappings/a.json", #"{"request": {"url": "/a"}, "response": {"status": 204}}"#)
        try write("mappings/notes.txt", "not a mapping")
        try write("__files/items.json", #"[{"id": "a1"}]"#)
        let imported = try StubRootDirectory(root).load()
        #expect(imported.issues.isEmpty)
        #expect(imported.stubs.count == 2)
        let registry = StubRegistry()
        registry.add(imported.stubs)
        let answer = registry.respond(to: try StubRequest(method: "GET", url: "/b")).response
        #expect(answer?.bodyText == #"[{"id": "a1"}]"#)
        #expect(registry.respond(to: try StubRequest(method: "GET", url: "/a")).response?.status == 204)
    }

    @Test("a root folder loaded into a test's own registry answers a real URLSession in process, with only HTTPStubs imported", .httpStubs)
    func inProcess() async throws {
        try write("mappings/greeting.json", #"{"request": {"method": "GET", "urlPath": "/greeting"}, "response": {"status": 200, "body": "hello"}}"#)
        let loaded = try StubRootDirectory(root).load()
        #expect(loaded.issues.isEmpty, "\(loaded.issues)")
        StubRegistry.current.add(loaded.stubs)
        let (data, response) = try await StubRegistry.current.makeSession().data(from: URL(string: "http://api.test/greeting")!)
        #expect(String(decoding: data, as: UTF8.self) == "hello")
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
    }

    @Test("a mapping with an unsupported field is left out and named; the others load")
    func issues() async throws {
        try write("mappings/ok.json", #"{"request": {"url": "/ok"}, "response": {"status": 200}}"#)
        try write("mappings/random.json", #"{"request": {"url": "/p"}, "response": {"fault": "RANDOM_DATA_THEN_CLOSE"}}"#)
        let imported = try StubRootDirectory(root).load()
        #expect(imported.stubs.count == 1)
        #expect(imported.issues.map(\.description) == [#"mappings/random.json, mapping 0: response.fault "RANDOM_DATA_THEN_CLOSE" is not supported"#])
    }

    @Test("a missing root, a file for a root, and a file that is not JSON are errors that name the path")
    func errors() throws {
        #expect(throws: StubRootError.self) { try StubRootDirectory(root).load() }
        #expect("\(StubRootError.missingRoot(path: root))" == "no root directory at \(root)")
        try write("mappings/broken.json", "{\"request\": ")
        let error = #expect(throws: StubRootError.self) { try StubRootDirectory(root).load() }
        #expect("\(String(describing: error))".contains("mappings/broken.json"))
        let file = (root as NSString).appendingPathComponent("mappings/broken.json")
        let notDirectory = #expect(throws: StubRootError.self) { try StubRootDirectory(file).load() }
        #expect("\(String(describing: notDirectory))".contains("is not a directory"))
    }

    @Test("a root without mappings/ has no stubs")
    func empty() throws {
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let imported = try StubRootDirectory(root).load()
        #expect(imported.stubs.isEmpty && imported.issues.isEmpty)
    }
}
