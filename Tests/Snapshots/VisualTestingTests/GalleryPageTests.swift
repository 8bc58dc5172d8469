import Foundation
import Testing
import VisualTesting
@_spi(PyramidTools) import VisualTestingCore
import WebDriver

/// The generated gallery driven in Chromium through WebDriver, opened from disk.
@Suite("Gallery page in Chromium", .serialized)
struct GalleryPageTests {
    /// Writes the fixture's gallery with its run report and opens it at `fragment`.
    func withGallery(
        fragment: String = "", _ body: (WebDriverSession, GalleryFixture, [GalleryItem]) async throws -> Void
    ) async throws {
        let fixture = try await GalleryFixture.make()
        defer { fixture.remove() }
        let output = fixture.root + "/site/gallery.html"
        let items = try VisualTesting.generateGallery(
            catalog: try fixture.catalog(), outputPath: output, rootDirectory: fixture.snapshots, report: try fixture.report())
        try await withBrowser { browser in
            let url = URL(fileURLWithPath: output).absoluteString + (fragment.isEmpty ? "" : "#" + fragment)
            try await browser.session.navigate(to: url)
            try await body(browser.session, fixture, items)
        }
    }

    func number(_ session: WebDriverSession, _ script: String) async throws -> Int {
        Int(try await session.executeScript("return " + script).doubleValue ?? -1)
    }

    func string(_ session: WebDriverSession, _ script: String) async throws -> String {
        try await session.executeScript("return " + script).stringValue ?? ""
    }

    func cards(_ session: WebDriverSession) async throws -> [String] {
        try await session.executeScript("return [...document.querySelectorAll('#grid .card')].map(c => c.dataset.id)")
            .arrayValue?.compactMap(\.stringValue) ?? []
    }

    func choose(_ session: WebDriverSession, _ select: String, _ value: String) async throws {
        try await session.findElement(.css("#\(select) option[value=\"\(value)\"]")).click()
    }

    @Test("filters by device, theme, locale, text size and status, and searches view and state names")
    func filtersAndSearch() async throws {
        try await withGallery { session, _, items in
            #expect(try await cards(session).count == items.count)
            #expect(try await string(session, "document.getElementById('count').textContent") == "\(items.count) of \(items.count) images")

            try await choose(session, "filter-device", "TinyPhone")
            let phone = items.filter { $0.cell.device == "TinyPhone" }
            #expect(try await cards(session) == phone.map(\.id))

            try await choose(session, "filter-theme", "dark")
            try await choose(session, "filter-locale", "ja")
            let narrowed = phone.filter { $0.cell.theme == "dark" && $0.cell.locale == "ja" }
            #expect(try await cards(session) == narrowed.map(\.id))
            #expect(!narrowed.isEmpty)

            try await choose(session, "filter-device", "")
            try await choose(session, "filter-theme", "")
            try await choose(session, "filter-locale", "")
            let search = try await session.findElement(.css("#search"))
            try await search.type("empty")
            #expect(try await cards(session) == items.filter { $0.state == "empty" }.map(\.id))
            try await search.clear()
            try await search.type("sett loaded")
            #expect(try await cards(session) == items.filter { $0.name == "Settings" && $0.state == "loaded" }.map(\.id))
            try await search.clear()
            try await session.executeScript("document.getElementById('search').dispatchEvent(new Event('input'))")

            try await choose(session, "filter-status", "removed")
            #expect(try await cards(session) == items.filter { $0.status == .removed }.map(\.id))
            // Within tolerance is a status of its own: its cells, each with its diff for a reviewer.
            try await choose(session, "filter-status", "withinTolerance")
            let tolerated = items.filter { $0.status == .withinTolerance }
            #expect(tolerated.count == 8 && tolerated.allSatisfy { $0.name == "Banner" && $0.diff != nil })
            #expect(try await cards(session) == tolerated.map(\.id))
            #expect(try await string(session, "document.querySelector('#filter-status option[value=withinTolerance]').textContent") == "within tolerance (8)")
            #expect(try await string(session, "document.querySelector('#failures h2').textContent") == "8 images within tolerance")
            #expect(try await number(session, "document.querySelectorAll('#failures .failure img[alt=diff]').length") == 8)
            try await choose(session, "filter-status", "")
            try await choose(session, "filter-section", "Components")
            #expect(try await cards(session) == items.filter { $0.section == "Components" }.map(\.id))
            try await choose(session, "filter-dynamic-type", "standard")
            #expect(try await cards(session).count == 2)
            #expect(try await session.currentURL().hasSuffix("#section=Components&dt=standard"))
        }
    }

    @Test("marks failed, new and removed images with badges; unchecked and passed have none")
    func badges() async throws {
        try await withGallery { session, _, items in
            let badges = try await session.executeScript("""
                return Object.fromEntries([...document.querySelectorAll('#grid .card')].map(c =>
                  [c.dataset.id, c.querySelector('.badge') ? c.querySelector('.badge').textContent : '']))
                """).objectValue ?? [:]
            for item in items {
                let expected = item.status == .passed || item.status == .unchecked ? ""
                    : item.status == .withinTolerance ? "within tolerance" : item.status.rawValue
                #expect(badges[item.id]?.stringValue == expected, "\(item.id)")
            }
            #expect(try await string(session, "document.getElementById('stats').textContent").contains("8 failed · 2 new · 4 removed · 8 within tolerance · 12 passed"))
        }
    }

    @Test("a deep link restores filters, search and the open image")
    func deepLinks() async throws {
        let target = "Profile/TinyTablet/loaded.dark_ja.png"
        let encoded = target.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        try await withGallery(fragment: "theme=dark&q=profile&device=TinyTablet&open=\(encoded)") { session, _, items in
            try await checkDeepLink(session, items, target: target)
        }
    }

    func checkDeepLink(_ session: WebDriverSession, _ items: [GalleryItem], target: String) async throws {
        do {
            #expect(try await string(session, "document.getElementById('filter-theme').value") == "dark")
            #expect(try await string(session, "document.getElementById('filter-device').value") == "TinyTablet")
            #expect(try await string(session, "document.getElementById('search').value") == "profile")
            let expected = items.filter { $0.name == "Profile" && $0.cell.theme == "dark" && $0.cell.device == "TinyTablet" }
            #expect(try await cards(session) == expected.map(\.id))
            #expect(try await session.findElement(.css("#lightbox")).isDisplayed())
            #expect(items.contains { $0.id == target })
            #expect(try await string(session, "document.getElementById('lightbox-image').getAttribute('src')").hasSuffix(target))
            #expect(try await number(session, "document.getElementById('lightbox-image').naturalWidth") == 32)
        }
    }

    @Test("the lightbox opens on click, moves with ← and → through the filtered list, and closes with Esc")
    func lightboxKeys() async throws {
        try await withGallery(fragment: "q=profile") { session, _, items in
            let list = items.filter { $0.name == "Profile" }
            try await session.findElement(.css("#grid .card[data-id=\"\(list[0].id)\"]")).click()
            let lightbox = try await session.findElement(.css("#lightbox"))
            #expect(try await lightbox.isDisplayed())
            func caption() async throws -> String { try await session.findElement(.css("#lightbox-caption")).text() }
            func open() async throws -> String? {
                URLComponents(string: "x:?" + (try await session.currentURL().split(separator: "#").last.map(String.init) ?? ""))?
                    .queryItems?.first { $0.name == "open" }?.value
            }
            #expect(try await open() == list[0].id)
            try await session.press(.arrowRight)
            #expect(try await open() == list[1].id)
            #expect(try await caption().contains([list[1].state, list[1].cell.device!, list[1].cell.theme].joined(separator: " · ")))
            try await session.press(.arrowRight)
            try await session.press(.arrowLeft)
            #expect(try await open() == list[1].id)
            try await session.press(.arrowLeft)
            try await session.press(.arrowLeft)
            #expect(try await open() == list[0].id, "← stops at the first image")
            try await session.press(.escape)
            #expect(try await lightbox.isDisplayed() == false)
            #expect(try await open() == nil)
            #expect(try await session.currentURL().hasSuffix("#q=profile"))
        }
    }

    @Test("compare mode pairs light and dark of the same cell, text size included")
    func compare() async throws {
        try await withGallery(fragment: "q=profile") { session, _, items in
            try await session.findElement(.css("#compare-toggle")).click()
            let pairs = try await session.executeScript("""
                return [...document.querySelectorAll('#grid .pair')].map(p => [...p.querySelectorAll('.card')].map(c => c.dataset.id))
                """).arrayValue?.map { $0.arrayValue?.compactMap(\.stringValue) ?? [] } ?? []
            let profile = items.filter { $0.name == "Profile" }
            #expect(!pairs.isEmpty)
            #expect(pairs.count == profile.count / 2)
            for pair in pairs {
                #expect(pair.count == 2)
                let light = try #require(profile.first { $0.id == pair.first }), dark = try #require(profile.first { $0.id == pair.last })
                #expect(light.cell.theme == "light" && dark.cell.theme == "dark")
                #expect(light.cell.device == dark.cell.device && light.cell.locale == dark.cell.locale && light.state == dark.state && light.cell.dynamicType == dark.cell.dynamicType)
            }
            #expect(try await session.currentURL().contains("compare=1"))
            try await session.findElement(.css("#compare-toggle")).click()
            #expect(try await number(session, "document.querySelectorAll('#grid .pair').length") == 0)
        }
    }

    @Test("failures come first with reference, actual and diff, in side-by-side, swipe, onion-skin and diff-only modes")
    func failureViewer() async throws {
        try await withGallery { session, _, items in
            let failures = try await session.findElements(.css("#failures .failure"))
            #expect(failures.count == items.filter { $0.status == .failed }.count)
            let first = try #require(failures.first)
            try await session.executeScript("arguments[0].scrollIntoView()", arguments: [first.json])
            let loaded = try await session.executeAsyncScript("""
                const [box, done] = arguments;
                const images = [...box.querySelectorAll('.viewer img')];
                Promise.all(images.map(i => i.decode().then(() => i.naturalWidth, () => 0))).then(done);
                """, arguments: [first.json])
            #expect(loaded.arrayValue?.count == 3)
            #expect(loaded.arrayValue?.allSatisfy { ($0.doubleValue ?? 0) > 0 } == true, "\(loaded)")
            #expect(try await first.findElements(.css(".viewer figcaption")).asyncMap { try await $0.text() } == ["reference", "actual", "diff"])

            try await first.findElement(.css("[data-mode=swipe]")).click()
            #expect(try await first.findElement(.css("[data-mode=swipe]")).attribute("aria-pressed") == "true")
            let top = try await first.findElement(.css(".viewer img.top"))
            #expect(try await string(session, "arguments[0].style.clipPath".replacingOccurrences(of: "arguments[0]", with: "document.querySelector('#failures .failure .viewer img.top')")) == "inset(0px 0px 0px 50%)")
            try await session.executeScript("""
                const range = document.querySelector('#failures .failure .swipe-range');
                range.value = 80; range.dispatchEvent(new Event('input'));
                """)
            #expect(try await session.executeScript("return arguments[0].style.clipPath", arguments: [top.json]).stringValue == "inset(0px 0px 0px 80%)")

            try await first.findElement(.css("[data-mode=onion]")).click()
            let onionTop = try await first.findElement(.css(".viewer img.top"))
            #expect(try await session.executeScript("return arguments[0].style.opacity", arguments: [onionTop.json]).stringValue == "0.5")
            try await session.executeScript("""
                const range = document.querySelector('#failures .failure .onion-range');
                range.value = 25; range.dispatchEvent(new Event('input'));
                """)
            #expect(try await session.executeScript("return arguments[0].style.opacity", arguments: [onionTop.json]).stringValue == "0.25")
            #expect(try await first.findElements(.css(".swipe-range")).isEmpty)

            try await first.findElement(.css("[data-mode=diff]")).click()
            let images = try await first.findElements(.css(".viewer img"))
            #expect(images.count == 1)
            #expect(try await images[0].attribute("src")?.hasSuffix(".diff.png") == true)
        }
    }

    @Test("a view named as markup shows as text and runs nothing, in the page and through a deep link")
    func escaping() async throws {
        let hostile = GalleryFixture.hostileName.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        try await withGallery(fragment: "q=\(hostile)") { session, _, _ in
            let names = try await session.executeScript("return [...document.querySelectorAll('.group-name')].map(e => e.textContent)")
            #expect(names.arrayValue?.compactMap(\.stringValue) == [GalleryFixture.hostileName])
            #expect(try await string(session, "document.getElementById('search').value") == GalleryFixture.hostileName)
            #expect(try await session.executeScript("return typeof window.__xss").stringValue == "undefined")
            #expect(try await number(session, "document.querySelectorAll('img[src=\"x\"]').length") == 0)
            #expect(try await cards(session).count == 8)
            try await session.findElement(.css("#grid .card")).click()
            #expect(try await session.findElement(.css("#lightbox-caption")).text().hasPrefix(GalleryFixture.hostileName))
            #expect(try await session.executeScript("return typeof window.__xss").stringValue == "undefined")
        }
    }

    @Test("a failed UI test comes first: its screen at the failed step, which opens its trace at that step; its name is text")
    func uiFailure() async throws {
        let fixture = try await GalleryFixture.make()
        defer { fixture.remove() }
        // A screen and a trace's page beside the gallery, as the demo keeps them; the page shows
        // the step its link names.
        let trace = fixture.root + "/site/traces/login test"
        try FileManager.default.createDirectory(atPath: trace + "/resources", withIntermediateDirectories: true)
        let reference = try #require(FileManager.default.subpathsOfDirectory(atPath: fixture.snapshots).first { $0.hasSuffix(".png") })
        try FileManager.default.copyItem(atPath: fixture.snapshots + "/" + reference, toPath: trace + "/resources/after.png")
        try "<script>document.title = 'trace at ' + location.hash</script>".write(toFile: trace + "/index.html", atomically: true, encoding: .utf8)
        var publication = try SnapshotPublication(root: fixture.snapshots, report: try fixture.report())
        publication.uiFailures = [
            GalleryUIFailure(
                test: GalleryFixture.hostileName, screen: trace + "/resources/after.png", trace: trace + "/index.html", step: 3,
                call: #"tap() on app.buttons["login_button"]"#, error: "Expectation failed: loginButton.isEnabled"),
        ]
        let output = fixture.root + "/site/gallery.html"
        try publication.write(SnapshotPublication.Destinations(gallery: output))
        try await withBrowser { browser in
            let session = browser.session
            try await session.navigate(to: URL(fileURLWithPath: output).absoluteString)
            #expect(try await string(session, "document.querySelector('main > section:not([hidden])').id") == "ui-failures", "before the snapshot failures")
            #expect(try await string(session, "document.querySelector('#ui-failures h2').textContent") == "1 UI test failed")
            #expect(try await string(session, "document.querySelector('.ui-failure strong').textContent") == GalleryFixture.hostileName)
            #expect(try await string(session, "document.querySelector('.ui-failure .meta').textContent") == #"step 3: tap() on app.buttons["login_button"]"#)
            #expect(try await string(session, "document.querySelector('.ui-failure .message').textContent") == "Expectation failed: loginButton.isEnabled")
            #expect(try await session.executeScript("return typeof window.__xss").stringValue == "undefined")
            // The screen and the trace, relative to the page, so the folder opens anywhere.
            #expect(try await string(session, "document.querySelector('.ui-failure img').getAttribute('src')") == "traces/login%20test/resources/after.png")
            #expect(try await string(session, "document.querySelector('.ui-failure a').getAttribute('href')") == "traces/login%20test/index.html#step-3")
            let width = try await session.executeScript("""
                const image = document.querySelector('.ui-failure img');
                return image.complete ? image.naturalWidth : new Promise(done => { image.onload = () => done(image.naturalWidth); image.onerror = () => done(-1); });
                """).doubleValue
            #expect((width ?? 0) > 0, "the screen loads from disk")
            try await session.findElement(.css(".ui-failure a")).click()
            var title = ""
            for _ in 0..<100 {
                title = try await string(session, "document.title")
                if title == "trace at #step-3" { break }
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(title == "trace at #step-3", "the link opens the trace at the failed step")
        }
    }

    @Test("a run with many failures shows the first 60 boxes and says how many more filters reach")
    func manyFailures() async throws {
        let fixture = try await GalleryFixture.make()
        defer { fixture.remove() }
        let catalog = try fixture.catalog()
        let failed = try #require(GalleryItems.build(catalog: catalog, root: fixture.snapshots, report: try fixture.report()).first)
        let items = (0..<70).map { index -> GalleryItem in
            var item = failed
            item.id = "Many/\(index).png"
            item.state = "state\(index)"
            return item
        }
        let page = fixture.root + "/many.html"
        try GalleryPage.html(items: items, catalog: catalog, hasReport: true, links: .relative(to: fixture.root))
            .write(toFile: page, atomically: true, encoding: .utf8)
        try await withBrowser { browser in
            try await browser.session.navigate(to: URL(fileURLWithPath: page).absoluteString)
            #expect(try await number(browser.session, "document.querySelectorAll('#failures .failure').length") == 60)
            #expect(try await string(browser.session, "document.querySelector('.more-failures').textContent")
                == "Showing 60 of 70; filter or search to see the others.")
            try await browser.session.findElement(.css("#search")).type("state69")
            #expect(try await number(browser.session, "document.querySelectorAll('#failures .failure').length") == 1)
        }
    }

    @Test("the page's own dark mode toggles")
    func pageTheme() async throws {
        try await withGallery { session, _, _ in
            let before = try await string(session, "document.documentElement.dataset.pageTheme")
            let background = try await string(session, "getComputedStyle(document.body).backgroundColor")
            try await session.findElement(.css("#page-theme-toggle")).click()
            let after = try await string(session, "document.documentElement.dataset.pageTheme")
            #expect(Set([before, after]) == ["light", "dark"])
            #expect(try await string(session, "getComputedStyle(document.body).backgroundColor") != background)
        }
    }
}

extension Sequence {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}

/// The gallery's script, a resource of VisualTestingCore read once.
@Suite("The gallery's script")
struct GalleryScriptTests {
    @Test("it is the module's gallery.js, found beside its source first")
    func foundBesideTheSource() throws {
        let script = try GalleryScript.javascript.get()
        let first = try #require(GalleryScript.candidates().first)
        #expect(first.hasSuffix("/VisualTestingCore/Gallery/gallery.js"))
        #expect(script == (try String(contentsOfFile: first, encoding: .utf8)))
        #expect(script.contains("'use strict';"))
        #expect(!script.contains("</script"), "the script is inlined in a <script> element")
    }

    @Test("missing everywhere, it is an error naming every place searched")
    func missing() {
        let places = ["/nonexistent/a/gallery.js", "/nonexistent/b_VisualTestingCore.resources/gallery.js"]
        let result = GalleryScript.load(from: places)
        guard case .failure(let error) = result else {
            Issue.record("a missing script was loaded: \(result)")
            return
        }
        #expect(error == .resourceMissing(name: "gallery.js", searched: places))
        #expect(error.description.contains(places[0]) && error.description.contains(places[1]))
    }
}
