import Foundation
import LoopbackServer
package import PyramidIO
@testable package import WebDriver
import NIOHTTP1

/// chromedriver processes started by the test, apart from any pool, standing in for the nodes
/// of a Selenium Grid on loopback ports.
package final class GridNode: Sendable {
    package let process: ProcessGroup
    package let end: RemoteEnd
    package let workspace: String

    private init(process: ProcessGroup, port: Int, workspace: String) {
        self.process = process
        self.end = RemoteEnd(host: "127.0.0.1", port: port)
        self.workspace = workspace
    }

    package static func start() async throws -> GridNode {
        let (_, chromedriver) = try ChromiumOptions().executables()
        let workspace = FileManager.default.temporaryDirectory.appendingPathComponent("pyramid-grid-node-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: workspace, withIntermediateDirectories: true)
        let (process, port) = try await Browser.startDriver(
            chromedriver, log: workspace + "/chromedriver.log", workspace: workspace, timeout: .seconds(90))
        return GridNode(process: process, port: port, workspace: workspace)
    }

    /// The ids of the sessions open on the node now (chromedriver's `GET /sessions`).
    package func openSessions() async throws -> [String] {
        let answer = try await LoopbackHTTPClient(host: end.host, port: end.port, requestTimeout: .seconds(30)).send(.GET, "/sessions")
        let json = try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any]
        return (json?["value"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
    }

    /// Ends the node and every browser it started, as a node that dies does.
    package func stop() async {
        await process.terminate(grace: .milliseconds(200))
        try? FileManager.default.removeItem(atPath: workspace)
    }
}

/// Runs `body` with `count` nodes, stopping them however it ends.
package func withGridNodes<T: Sendable>(_ count: Int, _ body: ([GridNode]) async throws -> T) async throws -> T {
    var nodes: [GridNode] = []
    do {
        for _ in 0..<count { nodes.append(try await GridNode.start()) }
        let result = try await body(nodes)
        for node in nodes { await node.stop() }
        return result
    } catch {
        for node in nodes { await node.stop() }
        throw error
    }
}

/// A remote end in front of a node that does not forward Chrome DevTools commands, as some
/// Grids and cloud services do not: `goog/cdp/execute` is an unknown command, the rest passes.
package func withoutDevTools<T: Sendable>(_ node: GridNode, _ body: (RemoteEnd) async throws -> T) async throws -> T {
    let upstream = LoopbackHTTPClient(host: node.end.host, port: node.end.port, requestTimeout: .seconds(60))
    return try await withLoopbackServer(limits: ServerLimits(bodyLimit: 16 << 20)) { request, writer in
        if request.target.contains("/goog/cdp/") {
            let refusal = #"{"value":{"error":"unknown command","message":"this remote end does not forward goog/cdp/execute","stacktrace":""}}"#
            try await writer.respond(ServerResponse(status: 404, headers: [("Content-Type", "application/json")], body: Array(refusal.utf8)))
            return
        }
        let answer = try await upstream.send(
            .init(rawValue: request.method), request.target, body: request.body.isEmpty && request.method != "POST" ? nil : request.body)
        try await writer.respond(ServerResponse(status: answer.status, headers: [("Content-Type", "application/json")], body: answer.body))
    } body: { server in
        try await body(RemoteEnd(host: "127.0.0.1", port: server.port))
    }
}
