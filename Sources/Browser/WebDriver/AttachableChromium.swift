import Foundation
import PyramidIO

/// A Chromium started on its own with its DevTools port open, that the sessions of other
/// processes attach to: one browser kept across many short test processes, where each would
/// otherwise start its own (about a second each, more on a busy machine).
///
/// A process that finds ``environmentVariable`` set starts chromedriver alone and attaches it
/// to this browser (`goog:chromeOptions.debuggerAddress`); closing that session ends
/// chromedriver and leaves the browser running for the next process. The browser has the
/// flags chromedriver gives a browser it starts itself, so a test finds the same browser either
/// way. Its process group and profile end with ``close()``, or with this process however it ends.
package final class AttachableChromium: Sendable {
    /// The variable that hands a test process the browser's DevTools address (`127.0.0.1:PORT`).
    package static let environmentVariable = "PYRAMID_CHROMIUM_ADDRESS"
    /// The variable that names a file a session creates as it begins to attach: how the process
    /// that handed out the browser learns that a test used it.
    package static let attachMarkerVariable = "PYRAMID_CHROMIUM_ATTACHED"

    /// Where the browser's DevTools listen: `127.0.0.1:PORT`.
    package let address: String
    /// The folder of its profile and log; removed by ``close()``.
    package let workspace: String
    private let group: ProcessGroup

    private init(address: String, group: ProcessGroup, workspace: String) {
        self.address = address
        self.group = group
        self.workspace = workspace
    }

    /// Starts Chromium with `options`' flags and waits until it says where its DevTools listen.
    /// Blocks the calling thread: call it from a thread of its own or Dispatch's, never from the
    /// cooperative pool.
    /// - Throws: ``StartError/missing(_:)`` naming the package to install, or
    ///   ``StartError/didNotStart(chromium:reason:log:)`` with Chromium's output when it cannot
    ///   be started, exits, or stays silent past `options.startupTimeout`.
    package static func start(_ options: ChromiumOptions = ChromiumOptions()) throws(StartError) -> AttachableChromium {
        let chromium: String
        switch ChromiumOptions.chromium.resolve(options.chromiumPath) {
        case .success(let path): chromium = path
        case .failure(.missingExecutable(let missing)): throw .missing(missing)
        case .failure(let error): throw .didNotStart(chromium: options.chromiumPath ?? "chromium", reason: "\(error)", log: "")
        }
        let workspace: String
        do {
            workspace = try Browser.temporaryWorkspace()
        } catch {
            throw .didNotStart(chromium: chromium, reason: "\(error)", log: "")
        }
        let group: ProcessGroup
        do {
            group = try ProcessGroup(
                executable: chromium, arguments: options.attachableArguments(profile: workspace + "/profile"),
                logPath: workspace + "/chromium.log",
                environment: Browser.driverEnvironment(ProcessInfo.processInfo.environment), workspace: workspace)
        } catch {
            try? FileManager.default.removeItem(atPath: workspace)
            throw .didNotStart(chromium: chromium, reason: "\(error)", log: "")
        }
        let deadline = ContinuousClock.now.advanced(by: options.startupTimeout)
        while true {
            let log = group.log(lastBytes: .max)
            if let address = DevToolsAddress(listeningLine: log) {
                return AttachableChromium(address: address.description, group: group, workspace: workspace)
            }
            let exited = group.exitCode
            if exited != nil || ContinuousClock.now >= deadline {
                _ = group.waitBlocking(timeout: 0)
                try? FileManager.default.removeItem(atPath: workspace)
                let reason = exited.map { "it exited with status \($0)" } ?? "it did not say where its DevTools listen within \(options.startupTimeout)"
                throw .didNotStart(chromium: chromium, reason: reason, log: String(log.suffix(4_000)))
            }
            usleep(10_000)
        }
    }

    /// Why a browser could not be started.
    package enum StartError: Error, Sendable, CustomStringConvertible {
        /// Chromium is not installed.
        case missing(MissingExecutable)
        /// Chromium could not be started, exited, or did not say where its DevTools listen in time.
        case didNotStart(chromium: String, reason: String, log: String)

        package var description: String {
            switch self {
            case .missing(let missing):
                "\(missing). Install it with: sudo apt-get install \(missing.debianPackage)"
            case .didNotStart(let chromium, let reason, let log):
                "Chromium (\(chromium)) did not start: \(reason)" + (log.isEmpty ? "" : "\n--- Chromium's output ---\n\(log)")
            }
        }
    }

    /// Whether the browser is still running.
    package var isRunning: Bool { group.isRunning }

    /// Ends the browser and every process it started, and removes its profile. Blocks the
    /// calling thread (at most a few seconds); later calls do nothing.
    package func close() {
        group.signalGroup(SIGKILL)
        _ = group.waitBlocking(timeout: 5)
        try? FileManager.default.removeItem(atPath: workspace)
    }
}

extension ChromiumOptions {
    /// The address of a browser to attach to instead of starting one: ``debuggerAddress``, else
    /// `PYRAMID_CHROMIUM_ADDRESS`; nil starts a browser (or uses a remote end).
    package func attachAddress(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let debuggerAddress { return debuggerAddress }
        guard let text = environment[AttachableChromium.environmentVariable], !text.isEmpty else { return nil }
        return text
    }

    /// The file to create as a session begins to attach: ``attachMarker``, else
    /// `PYRAMID_CHROMIUM_ATTACHED`; nil for none.
    package func attachMarkerPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let attachMarker { return attachMarker }
        guard let path = environment[AttachableChromium.attachMarkerVariable], !path.isEmpty else { return nil }
        return path
    }

    /// The switches chromedriver adds to the browsers it starts (Chromium 156's chromedriver,
    /// read from the browser's command line), less the two sessions exclude
    /// (`enable-automation`, `enable-logging`): a test attached to a browser started without
    /// chromedriver finds the same browser, popups allowed, timers of a hidden tab not slowed.
    static let chromedriverSwitches = [
        "--allow-pre-commit-input", "--disable-background-timer-throttling", "--disable-backgrounding-occluded-windows",
        "--disable-client-side-phishing-detection", "--disable-hang-monitor", "--disable-popup-blocking",
        "--disable-prompt-on-repost", "--no-service-autorun", "--password-store=basic", "--test-type=webdriver",
        "--use-mock-keychain",
    ]

    /// The features chromedriver disables beside those the flags name.
    static let chromedriverDisabledFeatures = ["IgnoreDuplicateNavs", "Prewarm"]

    /// A browser's flags when it is started for sessions to attach to: a session's flags and
    /// chromedriver's, its DevTools on a port of its choosing, and a blank first page.
    func attachableArguments(profile: String) -> [String] {
        let disable = "--disable-features="
        let flags = arguments(profile: profile).map { flag in
            flag.hasPrefix(disable) ? flag + "," + Self.chromedriverDisabledFeatures.joined(separator: ",") : flag
        }
        return flags + Self.chromedriverSwitches + ["--remote-debugging-port=0", "data:,"]
    }
}
