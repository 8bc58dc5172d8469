import Foundation
import PyramidIO
import PyramidTestSupport
import Testing

/// A server command asked for a port another process holds: the error names the address and
/// the reason in words, and the command exits 2 without printing a URL.
@Suite("A server command on a busy port", .timeLimit(.minutes(5)))
struct BusyPortTests {
    let folder = TemporaryFolder("pyramid-busy-port", create: true)

    /// Runs `pyramid` with `arguments` plus `--port` of a stub server that is running, and
    /// returns what it printed.
    func runOnBusyPort(_ arguments: [String]) async throws -> (port: Int, run: CLI.Run) {
        try FileManager.default.createDirectory(atPath: folder.path("root"), withIntermediateDirectories: true)
        let (holder, url) = try await CLI.start(["stubs", "serve", "--root-dir", folder.path("root")])
        defer { if holder.isRunning { holder.send(SIGKILL) } }
        let port = try #require(URLComponents(string: url)?.port, "first line: \(url)")
        let run = try await CLI.run(arguments + ["--port", String(port)])
        #expect(try await CLI.stop(holder, with: SIGTERM).status == 0)
        return (port, run)
    }

    @Test("pyramid stubs serve names 127.0.0.1 and the port, and says the address is in use")
    func stubServer() async throws {
        let (port, run) = try await runOnBusyPort(["stubs", "serve", "--root-dir", folder.path("root")])
        #expect(run.status == 2 && run.stdout.isEmpty, "\(run.stdout)")
        #expect(run.stderr == "Error: the stub server could not listen on 127.0.0.1:\(port): the address is already in use\n", "\(run.stderr)")
    }

    @Test("pyramid stubs record says the same, before anything is proxied")
    func recorder() async throws {
        let (port, run) = try await runOnBusyPort(["stubs", "record", "--target", "http://127.0.0.1:9", "--root-dir", folder.path("recording")])
        #expect(run.status == 2 && run.stdout.isEmpty, "\(run.stdout)")
        #expect(run.stderr == "Error: the stub server could not listen on 127.0.0.1:\(port): the address is already in use\n", "\(run.stderr)")
    }

    @Test("pyramid review, on the same loopback server, says it in the same words")
    func reviewServer() async throws {
        try FileManager.default.createDirectory(atPath: folder.path("__Snapshots__"), withIntermediateDirectories: true)
        let (port, run) = try await runOnBusyPort(["review", folder.path("__Snapshots__")])
        #expect(run.status == 2, "\(run.stdout)")
        #expect(run.stderr == "Error: the review server could not listen on 127.0.0.1:\(port): the address is already in use\n", "\(run.stderr)")
    }
}
