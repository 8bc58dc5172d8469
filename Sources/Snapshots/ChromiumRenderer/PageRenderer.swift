import Foundation
import VisualTesting
import WebDriver

/// Renders one cell on a checked-out tab: emulate, load, wait, capture.
struct PageRenderer {
    let tab: RenderingTab
    let shell: NavigationShell
    let timeZone: String?

    /// Width used to measure a component whose width fits its content.
    static let measuringWidth = 1024.0

    func capture(_ address: String, in environment: RenderEnvironment) async throws -> PageCapture {
        let clock = ContinuousClock()
        let start = clock.now
        let fitWidth = environment.width == nil, fitHeight = environment.height == nil
        try await tab.setViewport(
            width: environment.width ?? Self.measuringWidth, height: environment.height ?? 1, scale: environment.scale)
        try await tab.setMedia(theme: environment.theme, reducedMotion: environment.disableAnimations)
        try await tab.setLanguage(environment.locale)
        try await tab.setTimeZone(timeZone)
        try await tab.setDocumentScript(CellScripts.documentScript(for: environment))
        try await tab.session.navigate(to: address)

        let shellArgument: JSONValue = environment.inNavigation ? ["html": .string(shell.html), "css": .string(shell.css)] : .null
        let ready = try await tab.session.executeAsyncScript(
            CellScripts.ready, arguments: [shellArgument, .bool(fitWidth), .bool(fitHeight)])
        if let error = ready["error"]?.stringValue { throw HTMLPageError.pageScriptFailed(error) }
        if fitWidth || fitHeight {
            let width = fitWidth ? max(1, ready["width"]?.doubleValue ?? 1) : environment.width!
            let height = fitHeight ? max(1, ready["height"]?.doubleValue ?? 1) : environment.height!
            try await tab.setViewport(width: width, height: height, scale: environment.scale)
            // One more frame at the final size.
            try await tab.session.executeAsyncScript(
                "const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => done(null)))")
        }
        let rendered = clock.now

        let png = try await tab.usesDevTools ? tab.session.captureScreenshot() : tab.session.screenshot()
        return PageCapture(png: png, renderDuration: rendered - start, captureDuration: clock.now - rendered)
    }
}
