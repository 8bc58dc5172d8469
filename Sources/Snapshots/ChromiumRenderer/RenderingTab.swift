import Foundation
import VisualTesting
import WebDriver

/// One pooled browser and the emulation it is set to, so a cell only sends the
/// DevTools commands that change something.
///
/// On a remote end that does not forward Chrome DevTools commands (`goog/cdp/execute`), only
/// W3C WebDriver is left: the window is sized to the cell in CSS pixels, and what needs
/// DevTools (the pixel ratio, the colour scheme, the locale, the time zone, scripts run
/// before the page's own) is lost. The tab says so once, on standard error, naming the end.
final class RenderingTab: BrowserOccupant, @unchecked Sendable {
    let browser: Browser
    var session: WebDriverSession { browser.session }
    /// The browser's own user agent, kept when the language override is set.
    let userAgent: String

    // Only the render that has the tab checked out touches these.
    private var metrics: JSONValue?
    private var media: JSONValue?
    private var language: String?
    private var timeZone: String?
    private var documentScript: String?
    /// What W3C-only emulation could not do, said once.
    private var lost: Set<String> = []

    var usesDevTools: Bool { browser.offersDevTools }

    init(browser: Browser) async throws {
        self.browser = browser
        if browser.offersDevTools {
            let version = try await browser.session.devTools("Browser.getVersion")
            userAgent = version["userAgent"]?.stringValue ?? ""
        } else {
            userAgent = try await browser.session.executeScript("return navigator.userAgent;").stringValue ?? ""
        }
        try await browser.session.setTimeouts(pageLoad: .seconds(30), script: .seconds(30))
    }

    /// Notes that W3C-only emulation cannot give `what`, saying it the first time.
    private func lose(_ what: String) {
        guard lost.insert(what).inserted else { return }
        let end = browser.remoteEnd.map { "\($0)" } ?? "the browser"
        let line = "pyramid: \(end) offers no Chrome DevTools commands (goog/cdp/execute); W3C WebDriver only sizes the window, so \(what) is lost\n"
        FileHandle.standardError.write(Data(line.utf8))
    }

    /// W3C emulation of a viewport: the window's size in CSS pixels.
    private func sizeWindow(width: Double, height: Double, scale: Double) async throws {
        if scale != 1 { lose("the device pixel ratio (\(scale)×; screenshots are at 1×)") }
        // The rect is the window's outer size; the viewport is smaller by the window's frame, so
        // measure it once and grow the window by the difference.
        let wanted = (width.rounded(), height.rounded())
        try await session.setWindowSize(width: wanted.0, height: wanted.1)
        let inner = try await session.executeScript("return [innerWidth, innerHeight];").arrayValue?.compactMap(\.doubleValue) ?? []
        guard inner.count == 2, inner[0] != wanted.0 || inner[1] != wanted.1 else { return }
        try await session.setWindowSize(width: 2 * wanted.0 - inner[0], height: 2 * wanted.1 - inner[1])
    }

    /// Sets the viewport: CSS pixels = points, device pixel ratio = scale.
    func setViewport(width: Double, height: Double, scale: Double) async throws {
        let wanted: JSONValue = [
            "width": .number(width.rounded()), "height": .number(height.rounded()),
            "deviceScaleFactor": .number(scale), "mobile": false,
        ]
        guard wanted != metrics else { return }
        if usesDevTools {
            try await session.devTools("Emulation.setDeviceMetricsOverride", wanted)
        } else {
            try await sizeWindow(width: width, height: height, scale: scale)
        }
        metrics = wanted
    }

    /// `prefers-color-scheme` from the theme; reduced motion when animations are off.
    func setMedia(theme: SnapshotTheme, reducedMotion: Bool) async throws {
        let wanted: JSONValue = [
            "media": "",
            "features": [
                ["name": "prefers-color-scheme", "value": .string(theme == .dark ? "dark" : "light")],
                ["name": "prefers-reduced-motion", "value": .string(reducedMotion ? "reduce" : "no-preference")],
            ],
        ]
        guard wanted != media else { return }
        if usesDevTools {
            try await session.devTools("Emulation.setEmulatedMedia", wanted)
        } else if theme == .dark || reducedMotion {
            lose("the colour scheme and reduced motion")
        }
        media = wanted
    }

    /// The language in `navigator.language`, `Accept-Language` and `Intl`.
    func setLanguage(_ locale: String) async throws {
        guard locale != language else { return }
        guard usesDevTools else {
            lose("the locale (the browser's own language is used)")
            language = locale
            return
        }
        try await session.devTools("Emulation.setUserAgentOverride",
            ["userAgent": .string(userAgent), "acceptLanguage": .string(locale)])
        // Chromium refuses a second override while one is in effect: clear, then set.
        if language != nil { try await session.devTools("Emulation.setLocaleOverride", [:]) }
        try await session.devTools("Emulation.setLocaleOverride", ["locale": .string(locale)])
        language = locale
    }

    func setTimeZone(_ identifier: String?) async throws {
        guard identifier != timeZone else { return }
        guard usesDevTools else {
            if identifier != nil { lose("the time zone") }
            timeZone = identifier
            return
        }
        try await session.devTools("Emulation.setTimezoneOverride", ["timezoneId": .string(identifier ?? "")])
        timeZone = identifier
    }

    /// A script every new document of the tab runs before its own scripts.
    func setDocumentScript(_ source: String) async throws {
        guard source != documentScript else { return }
        guard usesDevTools else {
            lose("the cell's script run before the page's own (the clock, animations and caret fixes)")
            documentScript = source
            return
        }
        try await session.setDocumentScript(source, named: Self.documentScriptName)
        documentScript = source
    }

    static let documentScriptName = "pyramid.snapshot-cell"

    /// Undoes the cell's emulation and script before a UI test gets the browser.
    func vacate() async throws {
        guard usesDevTools else { return }
        try await session.removeDocumentScript(named: Self.documentScriptName)
        if language != nil { try await session.devTools("Emulation.setUserAgentOverride", ["userAgent": .string(userAgent)]) }
        if timeZone != nil { try await session.devTools("Emulation.setTimezoneOverride", ["timezoneId": ""]) }
        try await session.clearEmulation()
        metrics = nil
        media = nil
        language = nil
        timeZone = nil
        documentScript = nil
    }
}

extension BrowserPool {
    /// Lends a browser to one render, with the emulation state the last render left.
    func withTab<T: Sendable>(_ body: (RenderingTab) async throws -> T) async throws -> T {
        try await withBrowser(occupiedBy: { try await RenderingTab(browser: $0) }, body)
    }
}
