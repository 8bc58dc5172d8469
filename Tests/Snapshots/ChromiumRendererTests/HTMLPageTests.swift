import ChromiumRenderer
import Foundation
import PyramidImage
import PyramidTestSupport
import Testing
import VisualTesting
import WebDriver
import NIOHTTP1

/// Each cell's emulation, checked on real pixels from Chromium.
@Suite("HTMLPage renders each cell in Chromium", .serialized)
struct HTMLPageTests {
    /// This test's folder, removed after it even when it throws.
    private let scratchHtmlPage = TemporaryFolder("html-page")

    @Test("the CSS viewport is the device in points and the pixel ratio its scale",
          arguments: [SnapshotDevice.iPhone16, .iPhoneSE, .iPadPro11])
    func viewport(device: SnapshotDevice) async throws {
        let page = HTMLPage(html: signalPage(
            "innerWidth === \(Int(device.width)) && innerHeight === \(Int(device.height)) && devicePixelRatio === \(device.scale)"))
        let image = try await page.renderSnapshot(in: cell(device))
        #expect(image.width == device.pixelWidth && image.height == device.pixelHeight)
        #expect(image.center == green)
    }

    @Test("iPhone 16 gives a 1179×2556 image")
    func iPhone16() async throws {
        let image = try await HTMLPage(html: "<p>hello</p>").renderSnapshot(in: cell(.iPhone16))
        #expect((image.width, image.height) == (1179, 2556))
    }

    @Test("prefers-color-scheme follows the theme", arguments: SnapshotTheme.allCases)
    func theme(theme: SnapshotTheme) async throws {
        let page = HTMLPage(html: signalPage("matchMedia('(prefers-color-scheme: \(theme.rawValue))').matches"))
        #expect(try await page.renderSnapshot(in: cell(theme: theme)).center == green)
    }

    @Test("the locale is navigator.language and Intl's, and the page's lang", arguments: ["en", "ja", "fr-CA"])
    func locale(locale: String) async throws {
        let page = HTMLPage(html: signalPage("""
            navigator.language === '\(locale)' && navigator.languages[0] === '\(locale)' &&
            new Intl.NumberFormat().resolvedOptions().locale === '\(locale)' &&
            Intl.DateTimeFormat().resolvedOptions().locale === '\(locale)' &&
            document.documentElement.lang === '\(locale)'
            """))
        #expect(try await page.renderSnapshot(in: cell(locale: locale)).center == green)
    }

    @Test("the locale reaches the server as Accept-Language, from a loopback URL")
    func acceptLanguage() async throws {
        let server = try await LoopbackServer { _, headers in
            ("text/html; charset=utf-8", signalPage("'\(headers.first(name: "Accept-Language") ?? "")'.startsWith('ja')"))
        }
        defer { Task { await server.close() } }
        let page = HTMLPage(url: URL(string: "http://127.0.0.1:\(server.port)/login")!)
        #expect(try await page.renderSnapshot(in: cell(locale: "ja")).center == green)
        #expect(try await page.renderSnapshot(in: cell(locale: "en")).center == red)
    }

    @Test("time zone is UTC unless the page says otherwise")
    func timeZone() async throws {
        let page = HTMLPage(html: signalPage("Intl.DateTimeFormat().resolvedOptions().timeZone === 'UTC'"))
        #expect(try await page.renderSnapshot(in: cell()).center == green)
        var tokyo = page
        tokyo.timeZone = "Asia/Tokyo"
        tokyo.source = .html(signalPage("Intl.DateTimeFormat().resolvedOptions().timeZone === 'Asia/Tokyo'"), baseURL: nil)
        #expect(try await tokyo.renderSnapshot(in: cell()).center == green)
    }

    @Test("@WithoutAnimation stops animations and transitions: the page shows its resting style")
    func animationsOff() async throws {
        let html = """
            <!doctype html><html><head><style>
            html, body { margin: 0; height: 100%; }
            @keyframes flash { from { background: rgb(255, 0, 0); } to { background: rgb(0, 0, 255); } }
            body { background: rgb(0, 255, 0); animation: flash 100s linear infinite; }
            #box { width: 50px; height: 50px; background: rgb(0, 255, 0); transition: width 100s; }
            #box.wide { width: 300px; }
            </style></head><body><div id="box"></div>
            <script>requestAnimationFrame(() => document.getElementById('box').classList.add('wide'));</script></body></html>
            """
        let page = HTMLPage(html: html)
        let still = try await page.renderSnapshot(in: cell(disableAnimations: true))
        #expect(still.center == green, "the animation is off: the body has its own colour")
        #expect(still[250, 25] == green, "the transition is off: the box is already wide")
        let moving = try await page.renderSnapshot(in: cell(disableAnimations: false))
        #expect(moving.center != green, "with animations on, the keyframes paint the body")
    }

    @Test("web fonts load before capture")
    func webFonts() async throws {
        let fonts = URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/")
        func page(_ family: String, face: String = "") -> HTMLPage {
            HTMLPage(html: """
                <!doctype html><html><head><style>\(face)
                body { margin: 0; font: 40px \(family); } </style></head><body>Snapshot 123</body></html>
                """, baseURL: fonts)
        }
        func face(_ display: String, file: String = "DejaVuSerif-Bold.ttf") -> String {
            "@font-face { font-family: Probe; src: url(\(file)); font-display: \(display); }"
        }
        let size = component(width: 400, height: 60)
        // Invisible text until the font arrives, or the fallback until it swaps in:
        // both show the web font only if capture waits for it.
        let blocking = try await page("Probe, monospace", face: face("block")).renderSnapshot(in: size)
        let swapping = try await page("Probe, monospace", face: face("swap")).renderSnapshot(in: size)
        let fallback = try await page("Probe, monospace", face: face("swap", file: "missing.ttf")).renderSnapshot(in: size)
        #expect(blocking.hasInk, "text drawn, not blank while the font loads")
        #expect(blocking == swapping)
        #expect(blocking != fallback, "the web font, not the fallback, is drawn")
    }

    @Test("Japanese text renders real glyphs")
    func japaneseGlyphs() async throws {
        func render(_ text: String) async throws -> Bitmap {
            try await HTMLPage(html: "<body style='margin:0;font:32px sans-serif'>\(text)</body>")
                .renderSnapshot(in: component(width: 200, height: 40))
        }
        let first = try await render("日本語")
        let second = try await render("読込中")
        #expect(first.hasInk && second.hasInk)
        #expect(first != second, "missing glyphs would draw the same boxes for both")
        let probe = HTMLPage(html: signalPage("document.fonts.check('16px sans-serif', '日本語')"))
        #expect(try await probe.renderSnapshot(in: cell(locale: "ja")).center == green)
    }

    @Test("@InNavigation puts the page under a bar with its title, in the theme's colours")
    func navigationShell() async throws {
        let html = "<!doctype html><html><head><title>設定</title><style>body{margin:0;background:rgb(0,255,0)}</style></head><body></body></html>"
        let page = HTMLPage(html: html)
        let light = try await page.renderSnapshot(in: cell(theme: .light, inNavigation: true))
        let dark = try await page.renderSnapshot(in: cell(theme: .dark, inNavigation: true))
        let plain = try await page.renderSnapshot(in: cell(theme: .light, inNavigation: false))
        // iPhone SE @2x: safe area 20 pt, bar 44 pt; sample left of the title, right of the chevron.
        let barY = (20 + 22) * 2
        #expect(light[200, barY] == RGBA(0xf9, 0xf9, 0xf9))
        #expect(dark[200, barY] == RGBA(0x1c, 0x1c, 0x1e))
        #expect(plain[200, barY] == green)
        #expect(light[200, 80 * 2] == green, "the page continues below the bar")
        #expect(light.center != plain.center || light != plain)
    }

    @Test("a custom navigation shell is used, and the title goes in as text")
    func customShell() async throws {
        let shell = NavigationShell(
            html: "<div id='pyramid-navigation'><b data-pyramid-title></b></div>",
            css: "#pyramid-navigation { height: 100px; background: rgb(0, 0, 255); }")
        let hostile = "<img src=x onerror=\"document.body.style.background='rgb(255,0,0)'\">"
        let html = "<!doctype html><html><head><title>\(hostile.replacingOccurrences(of: "<", with: "&lt;"))</title><style>body{margin:0;background:rgb(0,255,0)}</style></head><body></body></html>"
        let image = try await HTMLPage(html: html, navigationShell: shell).renderSnapshot(in: cell(inNavigation: true))
        #expect(image[image.width - 4, 50 * 2] == RGBA(0, 0, 255))
        #expect(image.center == green, "the title was not run as markup")
    }

    @Test("a component fits its content on the axes it leaves open")
    func componentFitting() async throws {
        let html = "<body style='margin:0'><div style='width:123px;height:45px;background:rgb(0,255,0)'></div></body>"
        let both = try await HTMLPage(html: html).renderSnapshot(in: component(width: nil, height: nil))
        #expect((both.width, both.height) == (246, 90))
        let fixedWidth = try await HTMLPage(html: html).renderSnapshot(in: component(width: 300, height: nil))
        #expect((fixedWidth.width, fixedWidth.height) == (600, 90))
        #expect(fixedWidth[10, 10] == green && fixedWidth[590, 10] != green)
    }

    @Test("theme values reach the page as data- attributes, safe area and text scale as CSS variables")
    func environmentValues() async throws {
        var environment = cell(.iPhone16, dynamicType: .accessibility1)
        environment.values = ["brand": "ocean"]
        let page = HTMLPage(html: signalPage("""
            document.documentElement.dataset.brand === 'ocean' &&
            getComputedStyle(document.documentElement).getPropertyValue('--safe-area-inset-top').trim() === '59.0px' &&
            Math.abs(parseFloat(getComputedStyle(document.documentElement).fontSize) - 16 * 28 / 17) < 0.01
            """))
        #expect(try await page.renderSnapshot(in: environment).center == green)
    }

    @Test("the same page gives identical pixels every time")
    func deterministic() async throws {
        let html = """
            <!doctype html><html lang="ja"><head><style>
            body { font: 17px sans-serif; margin: 16px; } .card { border-radius: 12px; box-shadow: 0 1px 4px rgba(0,0,0,.3); padding: 16px; }
            </style></head><body><div class="card"><b>John Doe</b><br>john@example.com 読み込み中…</div></body></html>
            """
        let page = HTMLPage(html: html)
        let environment = cell(.iPhone16, theme: .dark, locale: "ja")
        let first = try await page.renderSnapshot(in: environment)
        for _ in 0..<3 {
            _ = try await page.renderSnapshot(in: cell(.iPadPro11, theme: .light, locale: "en"))
            #expect(try await page.renderSnapshot(in: environment) == first)
        }
    }

    @Test("a local file renders with its relative resources, the same as its markup with a base URL")
    func fileSource() async throws {
        let folder = scratchHtmlPage.url
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "html, body { margin: 0; height: 100%; background: rgb(0, 255, 0); }".write(
            to: folder.appendingPathComponent("style.css"), atomically: true, encoding: .utf8)
        let markup = "<!doctype html><html><head><link rel=stylesheet href=style.css></head><body></body></html>"
        let file = folder.appendingPathComponent("page.html")
        try markup.write(to: file, atomically: true, encoding: .utf8)
        let fromFile = try await HTMLPage(contentsOf: file).renderSnapshot(in: cell())
        #expect(fromFile.center == green)
        #expect(try await HTMLPage(html: markup, baseURL: folder.appendingPathComponent("/")).renderSnapshot(in: cell()) == fromFile)
    }

    @Test("bad sources fail with a clear error before any browser work")
    func badSources() async throws {
        let missing = await #expect(throws: HTMLPageError.self) {
            try await HTMLPage(contentsOf: URL(fileURLWithPath: "/nonexistent/page.html")).renderSnapshot(in: cell())
        }
        #expect(missing == .fileNotFound("/nonexistent/page.html"))
        let remote = await #expect(throws: HTMLPageError.self) {
            try await HTMLPage(url: URL(string: "https://example.com/")!).renderSnapshot(in: cell())
        }
        #expect(remote.map { "\($0)" }?.contains("is not on this machine") == true)
    }
}
