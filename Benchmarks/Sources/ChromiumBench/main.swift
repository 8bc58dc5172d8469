// Chromium renderer benchmark: 8 view states of seed-like screens (a user card, settings,
// a login form) × the 12-cell matrix, rendered in Chromium and verified against references
// this run records first.
//
//     scripts/bench-chromium [BROWSERS]
//
// Phases:
//   start      launching chromedriver + Chromium + a session (excluded from per-cell figures)
//   record     the engine records every cell's reference (not timed per cell)
//   stages     one browser, cell after cell: render (emulation, navigation, fonts),
//              capture (PNG out of Chromium), decode (actual and reference), compare
//   verify     the whole engine (checkViewSnapshot) over every cell with BROWSERS browsers
//              working in parallel: amortised wall time per cell
//   peer       a new browser session per cell, as a test that starts its own browser does
//
// The verify phase also counts the CPU time Chromium's processes and this one spend, from
// /proc: on this many cores, their sum divided by the cores is the floor of a cell's time,
// whatever the engine does with it. With PLAYWRIGHT_PAGES=DIR the states' pages and the cells
// are written to DIR for Benchmarks/SnapshotPeers/playwright_cells.py (scripts/bench-chromium
// runs it), and the last line is this run's figures as JSON.
@_spi(PyramidTools) import ChromiumRenderer
@_spi(PyramidTools) import VisualTestingCore
import Foundation
import ImageDiff
import PNGCodec
import PyramidImage
import SnapshotTesting
import VisualTesting
import WebDriver

struct ExampleState: Sendable {
    var view: String
    var state: String
    var inNavigation = false
    var disableAnimations = false
    var page: HTMLPage
}

/// A small screen in the seeds' style, with a theme-aware stylesheet and Japanese text.
func screen(_ title: String, _ body: String) -> HTMLPage {
    HTMLPage(html: """
        <!doctype html><html lang="ja"><head><meta charset="utf-8"><style>
        :root { color-scheme: light dark; font-family: "DejaVu Sans", "Noto Sans CJK JP", sans-serif; }
        body { margin: 0; background: Canvas; color: CanvasText; }
        header { padding: 16px; font-size: 22px; font-weight: bold; border-bottom: 1px solid #8884; }
        .card { margin: 16px; padding: 16px; border-radius: 12px; background: #8881; }
        .avatar { width: 56px; height: 56px; border-radius: 28px; background: #0a84ff; display: inline-block; }
        .row { padding: 12px 16px; border-bottom: 1px solid #8883; display: flex; justify-content: space-between; }
        input { width: calc(100% - 32px); margin: 8px 16px; padding: 10px; font-size: 16px; }
        button { margin: 16px; padding: 12px 24px; border-radius: 10px; border: 0; background: #0a84ff; color: white; font-size: 17px; }
        .error { color: #ff3b30; margin: 0 16px; }
        </style></head><body><header>\(title)</header>\(body)</body></html>
        """)
}

let userCard = #"<div class="card"><span class="avatar"></span> <b>John Doe</b><p>john@example.com ・ 東京</p></div>"#
let settingsRows = ["通知", "ダークモード", "言語", "プライバシー", "ヘルプ"].map { #"<div class="row"><span>\#($0)</span><span>›</span></div>"# }.joined()
func login(email: String = "", password: String = "", error: String? = nil) -> String {
    #"<input placeholder="メールアドレス" value="\#(email)"><input type="password" placeholder="パスワード" value="\#(password)">"#
        + (error.map { #"<p class="error">\#($0)</p>"# } ?? "") + #"<button \#(email.isEmpty ? "disabled" : "")>ログイン</button>"#
}

let states: [ExampleState] = [
    ExampleState(view: "UserCard", state: "loaded", page: screen("ユーザー", userCard)),
    ExampleState(view: "UserCard", state: "loading", disableAnimations: true, page: screen("ユーザー", #"<div class="card">読み込み中…</div>"#)),
    ExampleState(view: "UserCard", state: "error", page: screen("ユーザー", #"<div class="card error">読み込みに失敗しました</div>"#)),
    ExampleState(view: "SettingsView", state: "standard", inNavigation: true, page: screen("設定", settingsRows)),
    ExampleState(view: "SettingsView", state: "editing", inNavigation: true, disableAnimations: true, page: screen("設定 (編集)", settingsRows)),
    ExampleState(view: "LoginView", state: "empty", page: screen("ログイン", login())),
    ExampleState(view: "LoginView", state: "invalidEmail", page: screen("ログイン", login(email: "invalid-email", error: "メールアドレスの形式が正しくありません"))),
    ExampleState(view: "LoginView", state: "filled", page: screen("ログイン", login(email: "test@example.com", password: "password123"))),
]

/// The states as the snapshot engine checks them.
let viewCases = states.map { state in
    SnapshotCase(viewName: state.view, stateName: state.state, kind: .view(inNavigation: state.inNavigation, disableAnimations: state.disableAnimations)) {
        AnySnapshotRenderable(state.page)
    }
}

let browsers = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 2
let work = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-bench-\(UUID().uuidString.prefix(8))")
let references = work.appendingPathComponent("__Snapshots__")
try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: work) }
setenv("SNAPSHOT_ARTIFACTS", work.appendingPathComponent("artifacts").path, 1)
setenv("SNAPSHOT_REPORT", work.appendingPathComponent("report.jsonl").path, 1)
let configuration = SnapshotConfiguration(snapshotDirectory: references.path)
let cells = configuration.viewCells
let clock = ContinuousClock()

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

func environment(_ state: ExampleState, _ cell: SnapshotCell) -> RenderEnvironment {
    RenderEnvironment(device: cell.device!, cell: cell, inNavigation: state.inNavigation, disableAnimations: state.disableAnimations)
}

func pad(_ text: String, _ width: Int) -> String { text.padding(toLength: width, withPad: " ", startingAt: 0) }
func ms(_ value: Double) -> String { String(format: "%8.1f ms", value * 1000) }

print("Chromium renderer: \(states.count) states × \(cells.count) cells = \(states.count * cells.count) cells; \(ProcessInfo.processInfo.activeProcessorCount) cores")

// start
let startPool = BrowserPool(capacity: 1)
let startBegan = clock.now
var warm = states[0].page
warm.pool = startPool
_ = try await warm.capture(in: environment(states[0], cells[0]))
let startSeconds = seconds(clock.now - startBegan)

// record: every reference, once, with the engine. The record mode is set for the phase, as a
// test's trait sets it: SNAPSHOT_TESTING_RECORD is read once per process, so setting it again
// before the verify phase would leave every cell recorded again, none compared.
let recorded = await withSnapshotTesting(record: .all) {
    await BrowserPool.$current.withValue(startPool) {
        await SnapshotCase.check(viewCases, configuration: configuration, width: 1)
    }
}
guard recorded.allSatisfy({ $0.outcome == .recorded }) else {
    print("chromium-bench: recording the references failed: \(recorded.filter { $0.outcome != .recorded }.prefix(3).map { $0.message ?? "\($0.outcome)" })")
    exit(2)
}

// stages
var render = 0.0, capture = 0.0, decode = 0.0, compare = 0.0, pngBytes = 0, failedStages = 0
let comparator = try ImageComparator(options: ComparisonOptions(
    precision: Double(configuration.precision), perceptualPrecision: Double(configuration.perceptualPrecision)))
for state in states {
    var page = state.page
    page.pool = startPool
    for cell in cells {
        let shot = try await page.capture(in: environment(state, cell))
        render += seconds(shot.renderDuration)
        capture += seconds(shot.captureDuration)
        pngBytes += shot.png.count
        let decodeBegan = clock.now
        let actual = try PNGDecoder().decode(shot.png).bitmap
        let referencePath = references.appendingPathComponent("\(state.view)/\(cell.device!.name)/\(state.state).\(cell.variantName).png").path
        let reference = try PNGDecoder().decode(contentsOf: referencePath).bitmap
        let compareBegan = clock.now
        decode += seconds(compareBegan - decodeBegan)
        if !comparator.compare(reference, actual).passed { failedStages += 1 }
        compare += seconds(clock.now - compareBegan)
    }
}
await startPool.shutdown()
let cellCount = Double(states.count * cells.count)

// verify: the engine end to end, BROWSERS at once
let verifyPool = BrowserPool(capacity: browsers)
// Browsers start before the clock, as a test process's first cell pays for it once.
try await withThrowingTaskGroup(of: Void.self) { group in
    for index in 0..<browsers {
        var page = states[index % states.count].page
        page.pool = verifyPool
        group.addTask { _ = try await page.capture(in: environment(states[0], cells[0])) }
    }
    try await group.waitForAll()
}
let cpuBegan = ProcessCPU.chromium(), ownBegan = ProcessCPU.own()
let verifyBegan = clock.now
let outcomes = await withSnapshotTesting(record: .never) {
    await BrowserPool.$current.withValue(verifyPool) {
        await SnapshotCase.check(viewCases, configuration: configuration, width: browsers)
    }
}
let verifySeconds = seconds(clock.now - verifyBegan)
let chromiumKinds = ProcessCPU.chromium() - cpuBegan, ownCPU = ProcessCPU.own() - ownBegan
let chromiumCPU = chromiumKinds.values.reduce(0, +)
await verifyPool.shutdown()
let passed = outcomes.filter { $0.outcome == .passed }.count
let tolerated = outcomes.filter { $0.outcome == .withinTolerance }.count
let otherwise = outcomes.filter { $0.outcome != .passed && $0.outcome != .withinTolerance }

// peer: a new session for every cell of one state
let peerState = states[5]
let peerCells = Array(cells.prefix(6))
let peerBegan = clock.now
for cell in peerCells {
    try await withBrowser { browser in
        let environment = environment(peerState, cell)
        try await browser.session.devTools("Emulation.setDeviceMetricsOverride",
            ["width": .number(environment.width!), "height": .number(environment.height!),
             "deviceScaleFactor": .number(environment.scale), "mobile": false])
        try await browser.session.navigate(to: try writePage(peerState.page))
        _ = try await browser.session.devTools("Page.captureScreenshot", ["format": "png"])
    }
}
let peerPerCell = seconds(clock.now - peerBegan) / Double(peerCells.count)

func writePage(_ page: HTMLPage) throws -> String {
    guard case .html(let markup, _) = page.source else { return "about:blank" }
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-bench-peer.html")
    try markup.write(to: file, atomically: true, encoding: .utf8)
    return file.absoluteString
}

let stagesPerCell = (render + capture + decode + compare) / cellCount
let verifyPerCell = verifySeconds / cellCount
print("")
print("browser start (once per process): \(ms(startSeconds))")
print("")
print("stages, one browser, per cell (mean of \(Int(cellCount))):")
print("  \(pad("render (emulate, load, fonts)", 34)) \(ms(render / cellCount))")
print("  \(pad("capture (PNG out of Chromium)", 34)) \(ms(capture / cellCount))   \(pngBytes / Int(cellCount) / 1024) KiB a PNG")
print("  \(pad("decode (actual + reference)", 34)) \(ms(decode / cellCount))")
print("  \(pad("compare", 34)) \(ms(compare / cellCount))")
print("  \(pad("total", 34)) \(ms(stagesPerCell))   (\(Int(cellCount) - failedStages)/\(Int(cellCount)) match their references)")
print("")
print("verify, whole engine, \(browsers) browser(s) in parallel: \(ms(verifyPerCell)) a cell amortised   (\(passed)/\(outcomes.count) passed, \(tolerated) within tolerance; \(String(format: "%.1f", verifySeconds)) s in all)")
if !otherwise.isEmpty {
    print("  not passed: \(otherwise.prefix(3).map { "\($0.outcome)" + ($0.message.map { ": " + $0 } ?? "") })")
}
let cores = Double(ProcessInfo.processInfo.activeProcessorCount)
print(String(format: "  CPU a cell: Chromium %.1f ms, this process %.1f ms; on %d cores the floor is %.1f ms a cell",
             chromiumCPU / cellCount * 1000, ownCPU / cellCount * 1000, Int(cores), (chromiumCPU + ownCPU) / cores / cellCount * 1000))
print("  Chromium's CPU a cell by process: " + chromiumKinds.sorted { $0.value > $1.value }
    .map { String(format: "%@ %.1f ms", $0.key, $0.value / cellCount * 1000) }.joined(separator: ", "))
print("peer, a new session per cell:                 \(ms(peerPerCell)) a cell   (\(peerCells.count) cells)")
print("")
print(String(format: "ratio: new session per cell / pooled verify = %.1f×   goal per cell ≤ 300 ms: %@",
             peerPerCell / verifyPerCell, verifyPerCell <= 0.3 ? "met" : "NOT met"))

if let pagesFolder = ProcessInfo.processInfo.environment["PLAYWRIGHT_PAGES"] {
    let folder = URL(fileURLWithPath: pagesFolder)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for state in states {
        guard case .html(let markup, _) = state.page.source else { continue }
        try markup.write(to: folder.appendingPathComponent("\(state.view)-\(state.state).html"), atomically: true, encoding: .utf8)
    }
    let cellList: [[String: Any]] = cells.map { cell in
        ["width": cell.device!.width, "height": cell.device!.height, "scale": cell.device!.scale,
         "theme": cell.theme.rawValue, "locale": cell.locale ?? "en"]
    }
    try JSONSerialization.data(withJSONObject: cellList).write(to: folder.appendingPathComponent("cells.json"))
    let figures: [String: Any] = [
        "cells": Int(cellCount), "browsers": browsers, "verify_seconds": verifySeconds,
        "render_capture_one_browser_ms": (render + capture) / cellCount * 1000,
        "floor_ms": (chromiumCPU + ownCPU) / cores / cellCount * 1000,
    ]
    print(String(decoding: try JSONSerialization.data(withJSONObject: figures), as: UTF8.self))
}
