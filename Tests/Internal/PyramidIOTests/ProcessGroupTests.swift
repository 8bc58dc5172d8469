import Foundation
import PyramidTestSupport
import Testing
@testable import PyramidIO

@Suite("Process groups")
struct ProcessGroupTests {
    func logPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("process-group-\(UUID().uuidString).log").path
    }

    @Test("a child leads its own group; terminate ends it and every process it started")
    func terminatesTheWholeGroup() async throws {
        let log = logPath()
        defer { try? FileManager.default.removeItem(atPath: log) }
        let group = try ProcessGroup(
            executable: "/bin/sh", arguments: ["-c", "sleep 600 & sleep 600 & echo started; wait"], logPath: log)
        try #require(await group.waitForOutput(containing: "started", timeout: .seconds(30)))
        let members = ProcessTable.members(ofGroup: group.pid)
        #expect(members.count == 3, "the shell and its two sleeps")
        #expect(members.allSatisfy { $0.group == group.pid })
        #expect(group.isRunning)
        await group.terminate()
        #expect(ProcessTable.members(ofGroup: group.pid).isEmpty)
        #expect(!group.isRunning)
        await group.terminate()  // a second time does nothing
    }

    @Test("a child that ignores SIGTERM is killed after the grace period")
    func killsWhatIgnoresTerm() async throws {
        let log = logPath()
        defer { try? FileManager.default.removeItem(atPath: log) }
        let group = try ProcessGroup(
            executable: "/bin/sh", arguments: ["-c", "trap '' TERM; echo ready; while :; do sleep 1; done"], logPath: log)
        try #require(await group.waitForOutput(containing: "ready", timeout: .seconds(30)))
        await group.terminate(grace: .milliseconds(200))
        #expect(ProcessTable.members(ofGroup: group.pid).isEmpty)
        #expect(group.exitCode == 128 + SIGKILL)
    }

    @Test("output goes to the log, and the exit status is read")
    func logAndExitStatus() async throws {
        let log = logPath()
        defer { try? FileManager.default.removeItem(atPath: log) }
        let group = try ProcessGroup(executable: "/bin/sh", arguments: ["-c", "echo out; echo err >&2; exit 7"], logPath: log)
        for _ in 0..<500 where group.isRunning { try await Task.sleep(for: .milliseconds(10)) }
        #expect(group.exitCode == 7)
        #expect(group.log() == "out\nerr\n")
    }

    @Test("terminate removes the log of a group started with removesLog, and keeps any other's")
    func removesItsLog() async throws {
        let kept = logPath(), removed = logPath()
        defer { try? FileManager.default.removeItem(atPath: kept) }
        let keeping = try ProcessGroup(executable: "/bin/sh", arguments: ["-c", "echo ready; sleep 600"], logPath: kept)
        let removing = try ProcessGroup(executable: "/bin/sh", arguments: ["-c", "echo ready; sleep 600"], logPath: removed, removesLog: true)
        for group in [keeping, removing] {
            try #require(await group.waitForOutput(containing: "ready", timeout: .seconds(30)))
            await group.terminate(grace: .milliseconds(200))
        }
        #expect(FileManager.default.fileExists(atPath: kept))
        #expect(!FileManager.default.fileExists(atPath: removed), "an app's log is gone with the app")
    }

    @Test("a wait for output returns what it matched, even when the process printed and exited at once")
    func waitMatches() async throws {
        let log = logPath()
        defer { try? FileManager.default.removeItem(atPath: log) }
        let group = try ProcessGroup(executable: "/bin/sh", arguments: ["-c", "echo 'listening on port 4711'; exit 3"], logPath: log)
        let wait = try await group.waitForOutput(timeout: .seconds(30)) { output in
            output.range(of: "port ").flatMap { Int(output[$0.upperBound...].prefix { $0.isNumber }) }
        }
        await group.terminate(grace: .milliseconds(100))
        guard case .matched(let port) = wait else {
            Issue.record("expected the port, got \(wait)")
            return
        }
        #expect(port == 4711)
    }

    @Test("a wait for output ends with the exit status and the output when the process exits without it")
    func waitSeesTheExit() async throws {
        let log = logPath()
        defer { try? FileManager.default.removeItem(atPath: log) }
        let group = try ProcessGroup(executable: "/bin/sh", arguments: ["-c", "echo 'no port today'; exit 5"], logPath: log)
        let wait = try await group.waitForOutput(timeout: .seconds(30)) { $0.contains("port 1") ? () : nil }
        guard case .exited(let status, let output) = wait else {
            Issue.record("expected the exit, got \(wait)")
            return
        }
        #expect(status == 5)
        #expect(output == "no port today\n")
    }

    @Test("a wait for output times out with the output so far while the process runs on")
    func waitTimesOut() async throws {
        let log = logPath()
        defer { try? FileManager.default.removeItem(atPath: log) }
        let group = try ProcessGroup(executable: "/bin/sh", arguments: ["-c", "echo starting; sleep 600"], logPath: log)
        try #require(await group.waitForOutput(containing: "starting", timeout: .seconds(30)))
        let wait = try await group.waitForOutput(timeout: .milliseconds(50)) { $0.contains("ready") ? () : nil }
        guard case .timedOut(let output) = wait else {
            Issue.record("expected a timeout, got \(wait)")
            return
        }
        #expect(output == "starting\n")
        #expect(group.isRunning)
        await group.terminate(grace: .milliseconds(100))
    }

    @Test("a program that cannot start gives an error naming it")
    func launchFailure() {
        #expect(throws: ProcessGroupError.launchFailed(executable: "/nonexistent/tool", reason: "No such file or directory")) {
            try ProcessGroup(executable: "/nonexistent/tool", arguments: [], logPath: logPath())
        }
    }

    @Test("the process table finds processes by their command line")
    func processTable() async throws {
        let marker = "pyramid-marker-\(UUID().uuidString.prefix(8))"
        let log = logPath()
        defer { try? FileManager.default.removeItem(atPath: log) }
        let group = try ProcessGroup(executable: "/bin/sh", arguments: ["-c", "sleep 600; : \(marker)"], logPath: log)
        // Until the child has executed the shell, its command line is still this process's.
        for _ in 0..<200 where ProcessTable.processes(commandLineContaining: marker).isEmpty {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(ProcessTable.processes(commandLineContaining: marker).map(\.pid) == [group.pid])
        await group.terminate()
        #expect(ProcessTable.processes(commandLineContaining: marker).isEmpty)
    }

    @Test("a script still open for writing cannot be started: after a bounded wait the error says the file is busy and names it")
    func busyScript() async throws {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("busy-\(UUID().uuidString).sh").path
        defer { try? FileManager.default.removeItem(atPath: script) }
        try Data("#!/bin/sh\necho never\n".utf8).write(to: URL(fileURLWithPath: script))
        chmod(script, 0o755)
        // Held open for writing the whole time, as a child forked mid-write would hold it.
        let writer = try #require(FileHandle(forWritingAtPath: script))
        defer { try? writer.close() }
        let error = try await offThePool {
            do {
                _ = try ChildProcess(executable: script, arguments: [])
                return nil as ProcessGroupError?
            } catch let error as ProcessGroupError {
                return error
            }
        }
        let failure = try #require(error, "a busy script started")
        #expect("\(failure)".contains(script) && "\(failure)".contains("Text file busy"), "\(failure)")
    }

    @Test("a bounded wait for a child gives nil while it runs, and its status once it ended")
    func boundedWait() async throws {
        let child = try ChildProcess(executable: "/bin/sh", arguments: ["-c", "sleep 600"])
        defer { if child.isRunning { child.send(SIGKILL) } }
        #expect(try await offThePool { child.wait(within: 0.2) } == nil)
        child.send(SIGTERM)
        #expect(try await offThePool { child.wait(within: 60) } == 128 + SIGTERM)
        #expect(child.wait(within: 0) == 128 + SIGTERM, "known at once after it ended")
    }
}
