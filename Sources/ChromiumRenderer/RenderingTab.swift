import Foundation
import VisualTesting
import WebDriver

/// One pooled browser and the emulation it is set to, so a cell only sends the
/// DevTools commands that change something.
final class RenderingTab: @unchecked Sendable {
    let browser: Browser
    var session: WebDriverSession { browser.session }
    /// The browser's own user agent, kept when the language override is set.
    let userAgent: String

    // Only the render that has the tab checked out touches these.
    private var metrics: JSONValue?
    private var media: JSONValue?
    private var language: String?
    private var timeZone: String?
    private var documentScript: (source: String, id: String)?

    init(browser: Browser) async throws {
        self.browser = browser
        let version = try await browser.session.devTools("Browser.getVersion")
        userAgent = version["userAgent"]?.stringValue ?? ""
        try await browser.session.setTimeouts(pageLoad: .seconds(30), script: .seconds(30))
    }

    /// Sets the viewport: CSS pixels = points, device pixel ratio = scale.
    func setViewport(width: Double, height: Double, scale: Double) async throws {
        let wanted: JSONValue = [
            "width": .number(width.rounded()), "height": .number(height.rounded()),
            "deviceScaleFactor": .number(scale), "mobile": false,
        ]
        guard wanted != metrics else { return }
        try await session.devTools("Emulation.setDeviceMetricsOverride", wanted)
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
        try await session.devTools("Emulation.setEmulatedMedia", wanted)
        media = wanted
    }

    /// The language in `navigator.language`, `Accept-Language` and `Intl`.
    func setLanguage(_ locale: String) async throws {
        guard locale != language else { return }
        try await session.devTools("Emulation.setUserAgentOverride",
            ["userAgent": .string(userAgent), "acceptLanguage": .string(locale)])
        // Chromium refuses a second override while one is in effect: clear, then set.
        if language != nil { try await session.devTools("Emulation.setLocaleOverride", [:]) }
        try await session.devTools("Emulation.setLocaleOverride", ["locale": .string(locale)])
        language = locale
    }

    func setTimeZone(_ identifier: String?) async throws {
        guard identifier != timeZone else { return }
        try await session.devTools("Emulation.setTimezoneOverride", ["timezoneId": .string(identifier ?? "")])
        timeZone = identifier
    }

    /// A script every new document of the tab runs before its own scripts.
    func setDocumentScript(_ source: String) async throws {
        guard source != documentScript?.source else { return }
        if let previous = documentScript {
            try await session.devTools("Page.removeScriptToEvaluateOnNewDocument", ["identifier": .string(previous.id)])
            documentScript = nil
        }
        let added = try await session.devTools("Page.addScriptToEvaluateOnNewDocument", ["source": .string(source)])
        documentScript = (source, added["identifier"]?.stringValue ?? "")
    }
}
