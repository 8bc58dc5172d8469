public import Foundation
import PNGCodec
public import PyramidImage
public import VisualTesting
public import WebDriver

/// A web page as snapshot content: `@Snapshot func loaded() -> HTMLPage`.
///
/// Each matrix cell renders in real Chromium from a shared `BrowserPool`: the
/// CSS viewport is the device in points and the device pixel ratio its scale
/// (iPhone 16 gives a 1179×2556 PNG), `prefers-color-scheme` follows the theme,
/// and the cell's locale is `navigator.language`, `Accept-Language` and `Intl`'s.
/// Web fonts and images load before capture; `@WithoutAnimation` stops
/// animations and transitions; `@InNavigation` puts the page in `navigationShell`.
public struct HTMLPage: SnapshotRenderable, Hashable {
    /// Where the page comes from.
    public enum Source: Sendable, Hashable {
        /// Markup; relative URLs resolve against `baseURL` when given.
        case html(String, baseURL: URL?)
        /// A local HTML file.
        case file(URL)
        /// A page served on this machine (127.0.0.1, ::1 or localhost), e.g. by a test server.
        case url(URL)
    }

    /// Where the page comes from: markup, a file or a loopback URL.
    public var source: Source
    /// The container `@InNavigation` cells are drawn in.
    public var navigationShell: NavigationShell
    /// The time zone pages see, fixed so dates render the same everywhere; nil keeps the machine's.
    public var timeZone: String?
    /// The browsers that render the page.
    public var pool: BrowserPool

    /// A page from markup.
    ///
    /// - Parameters:
    ///   - html: The page's markup.
    ///   - baseURL: What relative URLs (styles, images, fonts) resolve against; nil for none.
    ///   - navigationShell: The container `@InNavigation` cells are drawn in.
    ///   - pool: The browsers that render the page; `.current` is the task's pool, else the shared one.
    public init(html: String, baseURL: URL? = nil, navigationShell: NavigationShell = .standard, pool: BrowserPool = .current) {
        self.init(source: .html(html, baseURL: baseURL), navigationShell: navigationShell, pool: pool)
    }

    /// A page from a local HTML file, whose relative URLs resolve beside it.
    ///
    /// - Parameters:
    ///   - file: The HTML file.
    ///   - navigationShell: The container `@InNavigation` cells are drawn in.
    ///   - pool: The browsers that render the page; `.current` is the task's pool, else the shared one.
    public init(contentsOf file: URL, navigationShell: NavigationShell = .standard, pool: BrowserPool = .current) {
        self.init(source: .file(file), navigationShell: navigationShell, pool: pool)
    }

    /// A page served on this machine, such as a test server on 127.0.0.1.
    ///
    /// - Parameters:
    ///   - url: The page's address; only loopback hosts are accepted, and any other fails the cell with a reason.
    ///   - navigationShell: The container `@InNavigation` cells are drawn in.
    ///   - pool: The browsers that render the page; `.current` is the task's pool, else the shared one.
    public init(url: URL, navigationShell: NavigationShell = .standard, pool: BrowserPool = .current) {
        self.init(source: .url(url), navigationShell: navigationShell, pool: pool)
    }

    /// A page from any source, with the time zone it sees.
    ///
    /// - Parameters:
    ///   - source: Markup, a file, or a loopback URL.
    ///   - navigationShell: The container `@InNavigation` cells are drawn in.
    ///   - timeZone: The IANA time zone pages see (default UTC, so dates render the same everywhere); nil keeps the machine's.
    ///   - pool: The browsers that render the page; `.current` is the task's pool, else the shared one.
    public init(source: Source, navigationShell: NavigationShell = .standard, timeZone: String? = "UTC", pool: BrowserPool = .current) {
        self.source = source
        self.navigationShell = navigationShell
        self.timeZone = timeZone
        self.pool = pool
    }

    public static func == (lhs: HTMLPage, rhs: HTMLPage) -> Bool {
        lhs.source == rhs.source && lhs.navigationShell == rhs.navigationShell && lhs.timeZone == rhs.timeZone
            && lhs.pool === rhs.pool
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(source)
        hasher.combine(ObjectIdentifier(pool))
    }

    public func renderSnapshot(in environment: RenderEnvironment) async throws -> Bitmap {
        let capture = try await capture(in: environment)
        return try PNGDecoder().decode(capture.png).bitmap
    }

    /// Renders one cell and returns Chromium's PNG with how long each stage took.
    public func capture(in environment: RenderEnvironment) async throws -> PageCapture {
        let address = try pageAddress()
        return try await pool.withTab { tab in
            try await PageRenderer(tab: tab, shell: navigationShell, timeZone: timeZone).capture(address, in: environment)
        }
    }

    /// The URL the browser loads, checked before any browser work.
    func pageAddress() throws -> String {
        switch source {
        case .html(let markup, let baseURL):
            return try PageFiles.shared.url(for: markup, baseURL: baseURL)
        case .file(let file):
            guard FileManager.default.fileExists(atPath: file.path) else { throw HTMLPageError.fileNotFound(file.path) }
            return file.absoluteString
        case .url(let url):
            guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
                  let host = url.host?.lowercased(), ["127.0.0.1", "localhost", "::1", "[::1]"].contains(host)
            else { throw HTMLPageError.notLoopback(url.absoluteString) }
            return url.absoluteString
        }
    }
}

/// One rendered cell: Chromium's PNG and the time spent preparing and capturing it.
public struct PageCapture: Sendable {
    /// The captured screen, PNG-encoded.
    public var png: [UInt8]
    /// Emulation, navigation, fonts and images: everything before the pixels are read.
    @_spi(PyramidTools) public var renderDuration: Duration
    /// Reading the pixels as PNG and carrying them over WebDriver.
    @_spi(PyramidTools) public var captureDuration: Duration
}

/// What stops a page from rendering.
package enum HTMLPageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The page's file does not exist.
    case fileNotFound(String)
    /// The URL is not on this machine (127.0.0.1, localhost or ::1): a snapshot must not depend on the network.
    case notLoopback(String)
    /// A script the renderer ran in the page failed, with its message.
    case pageScriptFailed(String)

    package var description: String {
        switch self {
        case .fileNotFound(let path): "HTMLPage: no file at \(path)"
        case .notLoopback(let url):
            "HTMLPage: \(url) is not on this machine; snapshots load only http(s)://127.0.0.1, localhost or [::1] so they stay deterministic"
        case .pageScriptFailed(let reason): "HTMLPage: the page did not become ready: \(reason)"
        }
    }
}
