import Foundation
import GridTestSupport
import PyramidIO
import PyramidTestSupport
import Testing
import WebDriver

extension CheckoutBuildTests {
    /// No session is left on a remote end, whatever ends the run: a failing run, and a SIGTERM to
    /// the run's process group (what Ctrl-C and most CI cancels do). A Selenium Grid node keeps a
    /// leaked session's slot until its own timeout. (A passing run is checked by
    /// `ShardMergeCommandTests`, on two ends.)
    @Suite("Remote sessions at the end of a run", .serialized, .timeLimit(.minutes(15)))
    struct RemoteSessionsTests {
        @Test("a failing run deletes its sessions: exit 1, none left on the end")
        func failingRun() async throws {
            try await withGridNodes(1) { nodes in
                let folder = TemporaryFolder("pyramid-remote", create: true)
                let run = try await CLI.run(
                    ["demo", "-o", folder.path("broken"), "--break-app", "login-disabled", "--filter", "ShopScreenSnapshotTests/login"],
                    in: DemoCommandTests.checkout, environment: [RemoteEnd.environmentVariable: "\(nodes[0].end)"])
                #expect(run.status == 1, "\(run.stdout.suffix(2000))\(run.stderr.suffix(2000))")
                let open = try await nodes[0].openSessions()
                #expect(open.isEmpty, "sessions left on \(nodes[0].end): \(open)")
            }
        }

        @Test("SIGTERM to the run's process group while it renders: the sessions are deleted before it ends")
        func terminated() async throws {
            try await withGridNodes(1) { nodes in
                let folder = TemporaryFolder("pyramid-remote", create: true)
                let process = try ChildProcess(
                    executable: CLI.executable.path, arguments: ["demo", "-o", folder.path("cut"), "--filter", "ShopScreenSnapshotTests"],
                    environment: [RemoteEnd.environmentVariable: "\(nodes[0].end)"], directory: DemoCommandTests.checkout.path,
                    output: .file(folder.path("cut.log")), newProcessGroup: true)
                defer { kill(-process.pid, SIGKILL) }
                // Until a session is open on the end (the tests render), at most five minutes.
                let deadline = ContinuousClock.now.advanced(by: .seconds(300))
                var seen: [String] = []
                while seen.isEmpty, process.isRunning, ContinuousClock.now < deadline {
                    seen = try await nodes[0].openSessions()
                    if seen.isEmpty { try await Task.sleep(for: .milliseconds(200)) }
                }
                try #require(!seen.isEmpty, "no session was ever opened: \((try? String(contentsOfFile: folder.path("cut.log"), encoding: .utf8)) ?? "")")
                kill(-process.pid, SIGTERM)
                _ = try await offThePool { process.wait() }
                // The test binary may outlive the CLI by the time its handler takes: wait for the group to empty.
                let gone = ContinuousClock.now.advanced(by: .seconds(60))
                while !ProcessTable.members(ofGroup: process.pid).isEmpty, ContinuousClock.now < gone {
                    try await Task.sleep(for: .milliseconds(100))
                }
                let open = try await nodes[0].openSessions()
                #expect(open.isEmpty, "sessions left on \(nodes[0].end) after SIGTERM: \(open); log: \((try? String(contentsOfFile: folder.path("cut.log"), encoding: .utf8))?.suffix(1500) ?? "")")
            }
        }
    }
}
