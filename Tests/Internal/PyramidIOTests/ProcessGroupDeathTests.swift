import Foundation
import Scenario
import Testing
@testable import PyramidIO

/// A test process that dies by any means, SIGKILL included, leaves none of its groups behind.
///
/// Each test runs its body as an exit test: a child process that starts a group through
/// `ProcessGroup`, prints what the parent needs to find it, then dies. The parent checks the
/// process table. The polls are hang guards (ten seconds), not timing assertions.
@Suite("Process groups outlive no test process")
struct ProcessGroupDeathTests {
    @Test("a SIGKILLed process leaves no process of its group, and its workspace is removed")
    func sigkillEndsTheGroup() async throws {
        let result = await #expect(processExitsWith: .signal(SIGKILL), observing: [\.standardOutputContent]) {
            let workspace = FileManager.default.temporaryDirectory
                .appendingPathComponent("pyramid-death-\(UUID().uuidString.prefix(12))").path
            try FileManager.default.createDirectory(atPath: workspace, withIntermediateDirectories: true)
            let group = try ProcessGroup(
                executable: "/bin/sh", arguments: ["-c", "sleep 1000 & sleep 1000 & echo started; wait"],
                logPath: workspace + "/group.log", workspace: workspace)
            try #require(await group.waitForOutput(containing: "started", timeout: .seconds(30)))
            print("GROUP \(group.pid) \(group.watchdog) \(workspace)")
            fflush(nil)
            kill(getpid(), SIGKILL)
        }
        let child = try ChildReport(try #require(result).standardOutputContent)
        #expect(await child.groupHasEnded(), "left: \(ProcessTable.members(ofGroup: child.group))")
        #expect(await child.watchdogHasEnded())
        #expect(!FileManager.default.fileExists(atPath: child.workspace), "the watchdog removes it before it exits")
    }

    @Test("a group whose members ignore SIGTERM is still ended after its process is SIGKILLed")
    func sigkillEndsAGroupThatIgnoresTerm() async throws {
        let result = await #expect(processExitsWith: .signal(SIGKILL), observing: [\.standardOutputContent]) {
            let workspace = FileManager.default.temporaryDirectory
                .appendingPathComponent("pyramid-death-\(UUID().uuidString.prefix(12))").path
            try FileManager.default.createDirectory(atPath: workspace, withIntermediateDirectories: true)
            let group = try ProcessGroup(
                executable: "/bin/sh",
                arguments: ["-c", "trap '' TERM; sh -c \"trap '' TERM; sleep 1000\" & echo started; while :; do sleep 1; done"],
                logPath: workspace + "/group.log", workspace: workspace)
            try #require(await group.waitForOutput(containing: "started", timeout: .seconds(30)))
            print("GROUP \(group.pid) \(group.watchdog) \(workspace)")
            fflush(nil)
            kill(getpid(), SIGKILL)
        }
        let child = try ChildReport(try #require(result).standardOutputContent)
        #expect(await child.groupHasEnded(), "left: \(ProcessTable.members(ofGroup: child.group))")
        #expect(await child.watchdogHasEnded())
        #expect(!FileManager.default.fileExists(atPath: child.workspace), "the watchdog removes it before it exits")
    }

    @Test("a normal exit with a group running ends it, and leaves no watchdog")
    func normalExitLeavesNothing() async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let workspace = FileManager.default.temporaryDirectory
                .appendingPathComponent("pyramid-death-\(UUID().uuidString.prefix(12))").path
            try FileManager.default.createDirectory(atPath: workspace, withIntermediateDirectories: true)
            let group = try ProcessGroup(
                executable: "/bin/sh", arguments: ["-c", "sleep 1000 & echo started; wait"],
                logPath: workspace + "/group.log", workspace: workspace)
            try #require(await group.waitForOutput(containing: "started", timeout: .seconds(30)))
            print("GROUP \(group.pid) \(group.watchdog) \(workspace)")
            fflush(nil)
            exit(0)
        }
        let child = try ChildReport(try #require(result).standardOutputContent)
        #expect(await child.groupHasEnded(), "left: \(ProcessTable.members(ofGroup: child.group))")
        #expect(await child.watchdogHasEnded())
        #expect(!FileManager.default.fileExists(atPath: child.workspace), "the watchdog removes it before it exits")
    }

    @Test("terminate dismisses the watchdog: it is reaped, and the workspace is left to its owner")
    func terminateDismissesTheWatchdog() async throws {
        let workspace = FileManager.default.temporaryDirectory
            .appendingPathComponent("pyramid-death-\(UUID().uuidString.prefix(12))").path
        try FileManager.default.createDirectory(atPath: workspace, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: workspace) }
        let group = try ProcessGroup(
            executable: "/bin/sh", arguments: ["-c", "sleep 1000"], logPath: workspace + "/group.log", workspace: workspace)
        #expect(isLive(group.watchdog), "the watchdog runs while the group does")
        #expect(group.watchdog != group.pid)
        #expect(ProcessTable.members(ofGroup: group.pid).allSatisfy { $0.pid != group.watchdog },
            "the watchdog is not in the group it guards")
        await group.terminate()
        #expect(kill(group.watchdog, 0) == -1 && errno == ESRCH, "the watchdog has exited and been reaped")
        #expect(FileManager.default.fileExists(atPath: workspace), "only a dead owner's workspace is removed")
    }

    @Test("a group that ends by itself dismisses its watchdog once its end is seen")
    func groupThatEndsDismissesTheWatchdog() async throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("process-group-\(UUID().uuidString).log").path
        defer { try? FileManager.default.removeItem(atPath: log) }
        let group = try ProcessGroup(executable: "/bin/sh", arguments: ["-c", "exit 3"], logPath: log)
        #expect(await group.waitForExit() == 3)
        #expect(kill(group.watchdog, 0) == -1 && errno == ESRCH, "the watchdog has exited and been reaped")
    }
}

/// What an exit test's child printed: its group, its watchdog and its workspace.
private struct ChildReport {
    var group: pid_t
    var watchdog: pid_t
    var workspace: String

    init(_ output: [UInt8]) throws {
        let text = String(decoding: output, as: UTF8.self)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("GROUP ") }, "the child printed: \(text)")
        let fields = line.split(separator: " ")
        try #require(fields.count == 4, "the child printed: \(line)")
        group = try #require(pid_t(fields[1]))
        watchdog = try #require(pid_t(fields[2]))
        workspace = String(fields[3])
    }

    /// Polls until no live process is in the group. Its need is about a second (the watchdog's
    /// SIGTERM, SIGKILL a second later); the hang guard is a minute, since a loaded CI machine
    /// once let this poll run twice in 22 s.
    func groupHasEnded() async -> Bool {
        await eventually("the group has ended", timeout: .seconds(60), every: .milliseconds(50)) { ProcessTable.members(ofGroup: group).isEmpty }
    }

    /// Polls until the watchdog is no longer a live process (a zombie no reaper collects counts as ended).
    func watchdogHasEnded() async -> Bool {
        await eventually("the watchdog has ended", timeout: .seconds(60), every: .milliseconds(50)) { !isLive(watchdog) }
    }
}

private func isLive(_ pid: pid_t) -> Bool {
    ProcessTable.liveProcesses().contains { $0.pid == pid }
}
