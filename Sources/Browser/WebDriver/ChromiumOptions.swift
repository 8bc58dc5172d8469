import Foundation
import PyramidIO

/// How to start Chromium and chromedriver.
public struct ChromiumOptions: Sendable, Hashable {
    /// The Chromium executable; nil finds it (`CHROMIUM_PATH`, then `chromium`,
    /// `chromium-browser`, `google-chrome` on `PATH`).
    public var chromiumPath: String?
    /// The chromedriver executable; nil finds it (`CHROMEDRIVER_PATH`, then `chromedriver` on `PATH`).
    public var chromedriverPath: String?
    /// Run without a window (the default; Linux servers have no display).
    public var headless: Bool
    /// Flags added after the defaults.
    public var extraArguments: [String]
    /// How long one WebDriver command may take.
    public var commandTimeout: Duration
    /// How long chromedriver and the first session may take to start: a guard against a hang,
    /// generous because on a loaded 2-core machine chromedriver has been seen to take over 30 s.
    public var startupTimeout: Duration
    /// Remote ends to open sessions on instead of starting chromedriver here; nil reads
    /// `PYRAMID_WEBDRIVER_URL` when a browser is launched.
    public var remoteEnds: [RemoteEnd]?
    /// The DevTools address (`127.0.0.1:PORT`) of a running browser to attach to instead of
    /// starting one (`AttachableChromium`); nil reads `PYRAMID_CHROMIUM_ADDRESS`.
    package var debuggerAddress: String?
    /// A file created as a session begins to attach to ``debuggerAddress``; nil reads
    /// `PYRAMID_CHROMIUM_ATTACHED`.
    package var attachMarker: String?

    /// Options for starting Chromium; the defaults find the installed browser and driver. Each
    /// parameter sets the property of the same name.
    public init(
        chromiumPath: String? = nil, chromedriverPath: String? = nil, headless: Bool = true,
        extraArguments: [String] = [], commandTimeout: Duration = .seconds(60), startupTimeout: Duration = .seconds(90),
        remoteEnds: [RemoteEnd]? = nil
    ) {
        self.remoteEnds = remoteEnds
        self.chromiumPath = chromiumPath
        self.chromedriverPath = chromedriverPath
        self.headless = headless
        self.extraArguments = extraArguments
        self.commandTimeout = commandTimeout
        self.startupTimeout = startupTimeout
    }

    /// How many browsers a pool keeps at most: `PYRAMID_BROWSERS`, else 2 (or 1 on a one-core
    /// machine), and 1 in a process handed one browser to attach to (`PYRAMID_CHROMIUM_ADDRESS`).
    /// The renderer's pool and the UI tests' pool both use it.
    public static var defaultPoolCapacity: Int {
        if ChromiumOptions().attachAddress() != nil { return 1 }
        if let text = ProcessInfo.processInfo.environment["PYRAMID_BROWSERS"], let value = Int(text), value > 0 {
            return value
        }
        return min(2, max(1, ProcessInfo.processInfo.activeProcessorCount))
    }

    /// Flags for stable, quiet, deterministic rendering: no GPU, no LCD text,
    /// sRGB, hidden scroll bars, no background work or first-run UI.
    static let defaultArguments = [
        "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
        "--force-color-profile=srgb", "--disable-lcd-text", "--font-render-hinting=none",
        "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--mute-audio",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--disable-default-apps", "--disable-crash-reporter", "--disable-breakpad",
        "--disable-features=Translate,MediaRouter,OptimizationHints,AutofillServerCommunication",
        "--window-size=800,600",
    ]

    /// The Chromium and chromedriver this configuration would start.
    /// - Throws: `WebDriverError.missingExecutable` for the first one not found, naming where
    ///   it looked and the Debian package that provides it.
    package func executables() throws(WebDriverError) -> (chromium: String, chromedriver: String) {
        let chromium = try Self.chromium.resolve(chromiumPath).get()
        let chromedriver = try Self.chromedriver.resolve(chromedriverPath).get()
        return (chromium, chromedriver)
    }

    /// Every program this configuration would start that cannot be found: empty when both are there.
    package func missingExecutables() -> [MissingExecutable] {
        [Self.chromium.resolve(chromiumPath), Self.chromedriver.resolve(chromedriverPath)].compactMap { result in
            if case .failure(.missingExecutable(let missing)) = result { return missing }
            return nil
        }
    }

    static let chromium = ExecutableSearch(
        environmentVariable: "CHROMIUM_PATH", names: ["chromium", "chromium-browser", "google-chrome"], debianPackage: "chromium")
    static let chromedriver = ExecutableSearch(
        environmentVariable: "CHROMEDRIVER_PATH", names: ["chromedriver"], debianPackage: "chromium-driver")

    func arguments(profile: String) -> [String] {
        (headless ? ["--headless=new"] : []) + Self.defaultArguments + ["--user-data-dir=\(profile)"] + extraArguments
    }

    /// The remote ends to use: ``remoteEnds``, else those `PYRAMID_WEBDRIVER_URL` names; empty for a local browser.
    package func resolvedRemoteEnds() throws(WebDriverError) -> [RemoteEnd] {
        if let remoteEnds { return remoteEnds }
        return try RemoteEnd.fromEnvironment()
    }

    /// `goog:chromeOptions` for a remote end: the same flags, with the profile and the binary
    /// left to the remote end.
    func remoteChromeOptions() -> [String: JSONValue] {
        let arguments = (headless ? ["--headless=new"] : []) + Self.defaultArguments + extraArguments
        return [
            "args": .array(arguments.map { .string($0) }),
            "excludeSwitches": ["enable-automation", "enable-logging"],
        ]
    }
}

/// A program the browser needs that is not installed: what was searched, and the
/// Debian package that provides it.
public struct MissingExecutable: Sendable, Hashable, CustomStringConvertible {
    /// The program's usual name (`chromium`, `chromedriver`).
    public var name: String
    /// The paths tried, or `NAME on PATH` for each name looked up on `PATH`.
    package var searched: [String]
    /// The Debian package that installs it.
    package var debianPackage: String

    /// A program not found: its name, where it was looked for, and its Debian package.
    package init(name: String, searched: [String], debianPackage: String) {
        self.name = name
        self.searched = searched
        self.debianPackage = debianPackage
    }

    /// `chromium was not found (looked in chromium on PATH, …)`.
    public var description: String {
        "\(name) was not found (looked in \(searched.joined(separator: ", ")))"
    }
}

/// Finds one program: an explicit path, else an environment variable, else the first name on `PATH`.
struct ExecutableSearch: Sendable {
    var environmentVariable: String
    var names: [String]
    var debianPackage: String

    func resolve(_ explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> Result<String, WebDriverError> {
        let candidates: [String]
        var searched: [String]
        if let explicit {
            candidates = [explicit]
            searched = [explicit]
        } else if let fromEnvironment = environment[environmentVariable], !fromEnvironment.isEmpty {
            candidates = [fromEnvironment]
            searched = ["\(fromEnvironment) (\(environmentVariable))"]
        } else {
            let folders = SearchPath.folders(environment: environment)
            candidates = names.flatMap { name in folders.map { $0 + "/" + name } }
            searched = names.map { "\($0) on PATH" }
        }
        if let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) { return .success(found) }
        if searched.isEmpty { searched = ["nothing (PATH is empty)"] }
        return .failure(.missingExecutable(MissingExecutable(name: names[0], searched: searched, debianPackage: debianPackage)))
    }
}
