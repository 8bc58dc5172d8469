package import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PyramidIO

/// A small real API that is not ours (`real_api.py`, Python's standard library only) on
/// 127.0.0.1: JSON, a binary body, a redirect, a 500, a slow endpoint, a JSON POST, a cookie, a
/// counter, and `POST /__control/rename`, which moves the API (a field renamed, `X-Request-Id`
/// and `/boom`'s status changed). Stopped when released.
package final class RealAPI: Sendable {
    /// Its base URL.
    package let url: URL
    private let process: ChildProcess

    private init(url: URL, process: ChildProcess) {
        self.url = url
        self.process = process
    }

    /// Starts it and waits (off the cooperative pool, at most a minute) for its URL.
    package static func start() async throws -> RealAPI {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Stubs/HTTPStubsServerTests/Fixtures/real_api.py").standardizedFileURL.path
        let process = try ChildProcess(executable: "/usr/bin/env", arguments: ["python3", script])
        let first = try await process.firstLine()
        guard let url = URL(string: first), first.hasPrefix("http://127.0.0.1:") else {
            process.send(SIGKILL)
            throw FixtureError(message: "real_api.py did not start; it printed \(first)")
        }
        return RealAPI(url: url, process: process)
    }

    /// The URL of `path` on it.
    package func url(_ path: String) -> URL { URL(string: url.absoluteString + path)! }

    /// Moves the API (`POST /__control/rename`): a field renamed, `X-Request-Id` and `/boom`'s
    /// status changed, as a real API drifts away from a recording.
    package func move() async throws {
        var rename = URLRequest(url: url("/__control/rename"), timeoutInterval: 60)
        rename.httpMethod = "POST"
        _ = try await URLSession.patient().data(for: rename)
    }

    /// Stops it; its port then refuses connections.
    package func stop() async {
        process.send(SIGTERM)
        let process = process
        _ = try? await offThePool("RealAPI.stop") { process.wait() }
    }

    deinit {
        if process.isRunning { process.send(SIGKILL) }
    }
}
