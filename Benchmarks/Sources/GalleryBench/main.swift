// Gallery benchmark: a catalog of 10,000 images (100 views × 5 states × 5 devices ×
// 2 themes × 2 locales) with a run report of 100 failures, opened from disk in
// headless Chromium through WebDriver.
//
//     scripts/bench-gallery [IMAGES]
//
// Measured in the page (performance.now), each action until the next frame is painted:
//   first paint    navigation start to first contentful paint
//   ready          navigation start to the end of the gallery's first render
//   filters        device, theme, locale, text size, status, section; then clear
//   search         typing "view-042 load" one key at a time (the slowest key counts)
//   compare        light/dark pairs on and off
// Peer: the same page rendering every matching card at once (as the seed library's
// gallery rebuilds its whole grid on each change), instead of a page at a time.
import Foundation
import PNGCodec
import PyramidImage
import VisualTesting
@_spi(PyramidTools) import VisualTestingCore
import WebDriver

let target = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 10_000
let devices = ["iPhone16", "iPhoneSE", "iPadPro11", "iPhone16ProMax", "iPadMini"]
let cellsPerState = devices.count * 2 * 2
let states = ["loaded", "loading", "empty", "error", "editing"]
let viewCount = max(1, target / (cellsPerState * states.count))
let clock = ContinuousClock()

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

// 1. The tree: manifests and tiny PNG thumbnails.
let work = FileManager.default.temporaryDirectory.appendingPathComponent("gallery-bench-\(UUID().uuidString.prefix(8))").path
let root = work + "/__Snapshots__"
let png = Data(try PNGEncoder().encode(Bitmap(width: 39, height: 85, fill: RGBA(200, 210, 230))))
var results: [SnapshotResult] = []
for view in 0..<viewCount {
    let name = String(format: "View-%03d", view)
    for state in states {
        var entries: [SnapshotEntry] = []
        for device in devices {
            try FileManager.default.createDirectory(atPath: "\(root)/\(name)/\(device)", withIntermediateDirectories: true)
            for theme in ["light", "dark"] {
                for locale in ["en", "ja"] {
                    let file = "\(device)/\(state).\(theme)_\(locale).png"
                    _ = FileManager.default.createFile(atPath: "\(root)/\(name)/\(file)", contents: png)
                    entries.append(SnapshotEntry(cell: SnapshotCellIdentity(device: device, theme: theme, locale: locale), file: file))
                    let failed = results.count % 100 == 0
                    let artifact = "\(root)/\(name)/\(file)"
                    results.append(SnapshotResult(
                        name: name, type: .view, state: state,
                        cell: SnapshotCellIdentity(device: device, theme: theme, locale: locale), file: file, reference: "\(root)/\(name)/\(file)", outcome: failed ? .failed : .passed,
                        message: failed ? "3.2% of pixels differ" : nil, comparison: nil,
                        artifacts: failed ? SnapshotArtifactPaths(reference: artifact, actual: artifact, diff: artifact) : nil,
                        source: "/Tests/\(name)Tests.swift:10", recordMode: "missing", time: "2026-11-21T00:00:00Z"))
                }
            }
        }
        let manifest = SnapshotManifest(
            name: name, type: .view,
            states: [state: StateManifest(inNavigation: false, disableAnimations: false, snapshots: entries)])
        try JSONEncoder().encode(manifest).write(to: URL(fileURLWithPath: "\(root)/\(name)/manifest.json"))
    }
}
let report = RunReport(results: results)

// 2. Generation.
let generationBegan = clock.now
let publication = try SnapshotPublication(root: root, report: report)
try publication.write(SnapshotPublication.Destinations(gallery: work + "/gallery.html"))
let generation = seconds(clock.now - generationBegan)
try publication.write(SnapshotPublication.Destinations(gallery: work + "/gallery-eager.html", galleryPageSize: Int.max))
let pageSize = (try FileManager.default.attributesOfItem(atPath: work + "/gallery.html")[.size] as? Int) ?? 0
let (items, catalog) = (publication.items, publication.catalog)
print("Gallery: \(items.count) images in \(catalog.views.count) views, \(report.failures.count) failures; page \(pageSize / 1024) KiB")
print(String(format: "generate (catalog + items + page, written): %.0f ms", generation * 1000))

// 3. In Chromium.
struct Measures {
    var firstPaint = 0.0, ready = 0.0
    var actions: [(String, Double)] = []
}

/// Runs `action` in the page and resolves after the next painted frame, in milliseconds.
let measureScript = """
    const [source, done] = arguments;
    const began = performance.now();
    new Function(source)();
    requestAnimationFrame(() => setTimeout(() => done(performance.now() - began), 0));
    """

func select(_ id: String, _ value: String) -> String {
    "{ const s = document.getElementById('\(id)'); s.value = '\(value)'; s.dispatchEvent(new Event('change')); }"
}

func measure(_ session: WebDriverSession, file: String) async throws -> Measures {
    try await session.setTimeouts(pageLoad: .seconds(120), script: .seconds(120))
    try await session.navigate(to: URL(fileURLWithPath: file).absoluteString)
    var measures = Measures()
    let timing = try await session.executeAsyncScript("""
        const done = arguments[0];
        requestAnimationFrame(() => setTimeout(() => {
          const paint = performance.getEntriesByName('first-contentful-paint')[0];
          done([paint ? paint.startTime : -1, window.__gallery.firstRender]);
        }, 0));
        """).arrayValue ?? []
    measures.firstPaint = timing.first?.doubleValue ?? -1
    measures.ready = timing.last?.doubleValue ?? -1
    let steps: [(String, String)] = [
        ("device", select("filter-device", "iPhoneSE")),
        ("theme", select("filter-theme", "dark")),
        ("locale", select("filter-locale", "ja")),
        ("text size", select("filter-dynamic-type", "standard")),
        ("status", select("filter-status", "failed")),
        ("section", select("filter-section", "Views")),
        ("clear all (6 changes)", ["filter-device", "filter-theme", "filter-locale", "filter-dynamic-type", "filter-status", "filter-section"]
            .map { select($0, "") }.joined()),
        ("compare on", "document.getElementById('compare-toggle').click();"),
        ("compare off", "document.getElementById('compare-toggle').click();"),
    ]
    for (name, script) in steps {
        let value = try await session.executeAsyncScript(measureScript, arguments: [.string(script)]).doubleValue ?? -1
        measures.actions.append((name, value))
    }
    var slowestKey = 0.0
    var typed = ""
    for character in "view-042 load" {
        typed.append(character)
        let script = "const s = document.getElementById('search'); s.value = \(JSONValue.string(typed)); s.dispatchEvent(new Event('input'));"
        slowestKey = max(slowestKey, try await session.executeAsyncScript(measureScript, arguments: [.string(script)]).doubleValue ?? -1)
    }
    measures.actions.append(("search (slowest key)", slowestKey))
    let shown = try await session.executeScript("return document.getElementById('count').textContent").stringValue ?? ""
    measures.actions.append(("clear search", try await session.executeAsyncScript(measureScript, arguments: [.string(
        "const s = document.getElementById('search'); s.value = ''; s.dispatchEvent(new Event('input'));")]).doubleValue ?? -1))
    print("  search result: \(shown)")
    return measures
}

let (mine, peer) = try await withBrowser(ChromiumOptions(extraArguments: ["--window-size=1280,900"])) { browser in
    print("ours (\(48) cards a page):")
    let mine = try await measure(browser.session, file: work + "/gallery.html")
    print("peer (every card at once):")
    let peer = try await measure(browser.session, file: work + "/gallery-eager.html")
    return (mine, peer)
}
try? FileManager.default.removeItem(atPath: work)

func pad(_ text: String, _ width: Int) -> String { text.padding(toLength: width, withPad: " ", startingAt: 0) }
func ms(_ value: Double) -> String { String(format: "%8.0f ms", value) }
print("")
print("\(pad("", 22)) \(pad("ours", 11)) \(pad("peer", 11)) peer/ours")
let rows = [("first paint", mine.firstPaint, peer.firstPaint), ("ready", mine.ready, peer.ready)]
    + zip(mine.actions, peer.actions).map { ($0.0, $0.1, $1.1) }
var worst = 0.0
for (name, ours, theirs) in rows {
    worst = max(worst, ours)
    print("\(pad(name, 22)) \(ms(ours)) \(ms(theirs))   \(String(format: "%5.1f×", theirs / max(ours, 0.1)))")
}
print("")
print(String(format: "slowest of ours: %.0f ms; goal ≤ 300 ms for first paint and every filter or search: %@", worst, worst <= 300 ? "met" : "NOT met"))
