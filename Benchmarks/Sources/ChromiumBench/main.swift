// Chromium renderer benchmark: the Examples suite (8 view states × the 12-cell
// matrix) rendered in Chromium and verified against the committed references.
//
//     scripts/bench-chromium [BROWSERS]
//
// Phases:
//   start      launching chromedriver + Chromium + a session (excluded from per-cell figures)
//   stages     one browser, cell after cell: render (emulation, navigation, fonts),
//              capture (PNG out of Chromium), decode (actual and reference), compare
//   verify     the whole engine (checkViewSnapshot) over every cell with BROWSERS browsers
//              working in parallel: amortised wall time per cell
//   peer       a new browser session per cell, as a test that starts its own browser does
import ChromiumRenderer
import ExampleScreens
import Foundation
import ImageDiff
import PNGCodec
import PyramidImage
import VisualTesting
import WebDriver

struct ExampleState: Sendable {
    var view: String
    var state: String
    var inNavigation = false
    var disableAnimations = false
    var page: HTMLPage
}

let states: [ExampleState] = [
    ExampleState(view: "UserCard", state: "loaded", page: UserCardScreen.page(.loaded(.johnDoe))),
    ExampleState(view: "UserCard", state: "loading", disableAnimations: true, page: UserCardScreen.page(.loading)),
    ExampleState(view: "UserCard", state: "error", page: UserCardScreen.page(.failed(UserCardScreen.loadFailed))),
    ExampleState(view: "SettingsView", state: "standard", inNavigation: true, page: SettingsScreen.page()),
    ExampleState(view: "SettingsView", state: "editing", inNavigation: true, disableAnimations: true, page: SettingsScreen.page(isEditing: true)),
    ExampleState(view: "LoginView", state: "empty", page: LoginScreen.page()),
    ExampleState(view: "LoginView", state: "invalidEmail", page: LoginScreen.page(.init(email: "invalid-email"))),
    ExampleState(view: "LoginView", state: "filled", page: LoginScreen.page(.init(email: "test@example.com", password: "password123"))),
]

let browsers = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 2
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../..").standardized
let references = root.appendingPathComponent("Examples/Tests/ExampleScreensTests/__Snapshots__")
let configuration = SnapshotConfiguration()
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
let work = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-bench-\(UUID().uuidString.prefix(8))")
try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
try FileManager.default.copyItem(at: references, to: work.appendingPathComponent("__Snapshots__"))
setenv("SNAPSHOT_ARTIFACTS", work.appendingPathComponent("artifacts").path, 1)
setenv("SNAPSHOT_REPORT", work.appendingPathComponent("report.jsonl").path, 1)
setenv("SNAPSHOT_TESTING_RECORD", "never", 1)
var verifyConfiguration = configuration
verifyConfiguration.snapshotDirectory = work.appendingPathComponent("__Snapshots__").path
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
let verifyBegan = clock.now
// The same view states, as the cases `pyramid demo` runs, on the benchmark's pool.
let viewCases = ExampleSnapshots.cases.filter { if case .view = $0.kind { true } else { false } }
let outcomes = await BrowserPool.$current.withValue(verifyPool) {
    await SnapshotCase.check(viewCases, configuration: verifyConfiguration, width: browsers)
}
let verifySeconds = seconds(clock.now - verifyBegan)
await verifyPool.shutdown()
try? FileManager.default.removeItem(at: work)
let passed = outcomes.filter { $0.outcome == .passed }.count

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
print("verify, whole engine, \(browsers) browser(s) in parallel: \(ms(verifyPerCell)) a cell amortised   (\(passed)/\(outcomes.count) passed; \(String(format: "%.1f", verifySeconds)) s in all)")
print("peer, a new session per cell:                 \(ms(peerPerCell)) a cell   (\(peerCells.count) cells)")
print("")
print(String(format: "ratio: new session per cell / pooled verify = %.1f×   goal per cell ≤ 300 ms: %@",
             peerPerCell / verifyPerCell, verifyPerCell <= 0.3 ? "met" : "NOT met"))
