import Foundation
import PyramidIO
import TestEventStream
import WebDriver

/// One test of a built test binary run in a process group of its own, as `swift test` runs it
/// on Linux: an XCTest test by name, a Swift Testing test by an exact filter. Its output goes to
/// a log file. The group ends with the test: whatever it launched (an app, a browser) is killed,
/// and so is the test when it outlasts its time; if this process dies, however it dies, the
/// group's watchdog ends it too (a mutant that loops forever never outlives the run).
struct TestProcess: Sendable {
    /// The test binary (`<Package>PackageTests.xctest`).
    var bundle: String
    /// The browsers UI and snapshot tests attach to, kept across processes; nil: each test
    /// process starts its own.
    var browsers: TestBrowsers?

    /// How a test's run ended.
    enum Outcome: Sendable, Equatable {
        case passed
        /// It failed: exit status 1, as both test libraries end a run with a failure.
        case failed(status: Int32)
        /// It died by a signal (128 + N), a Swift runtime trap among them.
        case crashed(status: Int32)
        /// It ran past its time and was killed.
        case timedOut

        var passed: Bool { self == .passed }
    }

    /// Runs `test` (its full name, as the binary lists it) with `environment` over this
    /// process's; after `timeout` seconds its group is killed. With `browser`, the test is lent
    /// one of ``browsers`` to attach to. Blocks: call it from a thread of its own or Dispatch's,
    /// never from the cooperative pool.
    ///
    /// - Returns: the outcome, the seconds it took, and whether the test attached to the browser
    ///   it was lent.
    func run(
        _ test: String, browser: Bool, environment: [String: String], timeout: Double, log: String
    ) -> (outcome: Outcome, seconds: Double, attached: Bool) {
        guard browser, let browsers, let lent = browsers.lend() else {
            let (outcome, seconds) = run(test, environment: environment, timeout: timeout, log: log)
            return (outcome, seconds, false)
        }
        // The test's session creates the marker as it begins to attach.
        let marker = log + ".attached"
        try? FileManager.default.removeItem(atPath: marker)
        var environment = environment
        environment[AttachableChromium.environmentVariable] = lent.address
        environment[AttachableChromium.attachMarkerVariable] = marker
        let (outcome, seconds) = run(test, environment: environment, timeout: timeout, log: log)
        let attached = FileManager.default.fileExists(atPath: marker)
        try? FileManager.default.removeItem(atPath: marker)
        browsers.giveBack(lent, testPassed: outcome.passed, attached: attached)
        return (outcome, seconds, attached)
    }

    private func run(_ test: String, environment: [String: String], timeout: Double, log: String) -> (outcome: Outcome, seconds: Double) {
        guard let entry = TestList(parsing: test).entries.first else { return (.failed(status: 127), 0) }
        let arguments = entry.framework == .xctest
            ? [entry.fullName]
            : ["--testing-library", "swift-testing", "--filter", TestShard.filterPattern(for: entry.fullName)]
        let started = Date()
        var variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        // A mutant that traps ends the test at once: the runtime's backtracer, on by default on
        // Linux, can take tens of seconds to symbolicate a large test binary.
        if variables["SWIFT_BACKTRACE"] == nil { variables["SWIFT_BACKTRACE"] = "enable=no" }
        let group: ProcessGroup
        do {
            group = try ProcessGroup(executable: bundle, arguments: arguments, logPath: log, environment: variables)
        } catch {
            try? Data("cannot start \(bundle): \(error)\n".utf8).write(to: URL(fileURLWithPath: log))
            return (.failed(status: 127), 0)
        }
        let (status, timedOut) = group.waitBlocking(timeout: timeout)
        let seconds = Date().timeIntervalSince(started)
        if timedOut { return (.timedOut, seconds) }
        switch status {
        case 0: return (.passed, seconds)
        case 129...: return (.crashed(status: status), seconds)
        default: return (.failed(status: status), seconds)
        }
    }
}
