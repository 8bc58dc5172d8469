import Foundation

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
    /// How long chromedriver and the first session may take to start.
    public var startupTimeout: Duration

    public init(
        chromiumPath: String? = nil, chromedriverPath: String? = nil, headless: Bool = true,
        extraArguments: [String] = [], commandTimeout: Duration = .seconds(60), startupTimeout: Duration = .seconds(30)
    ) {
        self.chromiumPath = chromiumPath
        self.chromedriverPath = chromedriverPath
        self.headless = headless
        self.extraArguments = extraArguments
        self.commandTimeout = commandTimeout
        self.startupTimeout = startupTimeout
    }

    /// The Debian packages that provide what the browser needs.
    public static let installCommand = "sudo apt-get install chromium chromium-driver fonts-dejavu-core fonts-noto-cjk"

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
    /// - Throws: `WebDriverError.missingExecutable` naming what was searched and how to install it.
    public func executables() throws -> (chromium: String, chromedriver: String) {
        let chromium = try ExecutableSearch.resolve(
            chromiumPath, environmentVariable: "CHROMIUM_PATH", names: ["chromium", "chromium-browser", "google-chrome"])
        let chromedriver = try ExecutableSearch.resolve(chromedriverPath, environmentVariable: "CHROMEDRIVER_PATH", names: ["chromedriver"])
        return (chromium, chromedriver)
    }

    func arguments(profile: String) -> [String] {
        (headless ? ["--headless=new"] : []) + Self.defaultArguments + ["--user-data-dir=\(profile)"] + extraArguments
    }
}

/// Finds programs on `PATH`.
enum ExecutableSearch {
    static func find(environmentVariable: String, names: [String]) -> (path: String?, searched: [String]) {
        let environment = ProcessInfo.processInfo.environment
        if let explicit = environment[environmentVariable], !explicit.isEmpty {
            return (FileManager.default.isExecutableFile(atPath: explicit) ? explicit : nil, [explicit])
        }
        let folders = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":").map(String.init)
        var searched: [String] = []
        for name in names {
            for folder in folders {
                let candidate = folder + "/" + name
                searched.append(candidate)
                if FileManager.default.isExecutableFile(atPath: candidate) { return (candidate, searched) }
            }
        }
        return (nil, names.map { "\($0) on PATH" })
    }

    static func resolve(_ explicit: String?, environmentVariable: String, names: [String]) throws -> String {
        if let explicit {
            guard FileManager.default.isExecutableFile(atPath: explicit) else {
                throw WebDriverError.missingExecutable(name: names[0], searched: [explicit], install: ChromiumOptions.installCommand)
            }
            return explicit
        }
        let (path, searched) = find(environmentVariable: environmentVariable, names: names)
        guard let path else {
            throw WebDriverError.missingExecutable(name: names[0], searched: searched, install: ChromiumOptions.installCommand)
        }
        return path
    }
}
