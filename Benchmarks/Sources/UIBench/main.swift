import Foundation
import Testing
import UITesting
import UITestingWeb
import WebDriver

/// Seed 000's login flow (launch, type the email, type the password, tap login, wait for the
/// home screen) through UITesting in Chromium, and the cost of isolating one test on a pooled
/// browser (`WebUIDriver.reset(session:)`), against a new browser session; with `--traced`, also
/// the flow recorded as a UI trace (`withUITrace`, a new folder each time, whole on disk when the
/// flow ends), traced and untraced iterations taking turns on the same browser.
///
///     ui-bench URL [ITERATIONS] [--traced]
/// Prints one JSON line: median and p90 milliseconds of each.
@main
struct UIBench {
    static func main() async throws {
        let arguments = CommandLine.arguments
        guard arguments.count >= 2 else {
            FileHandle.standardError.write(Data("usage: ui-bench URL [ITERATIONS]\n".utf8))
            exit(2)
        }
        let url = arguments[1]
        let iterations = arguments.count > 2 ? Int(arguments[2]) ?? 30 : 30
        let traced = arguments.contains("--traced")
        let (flows, traced_flows, isolations, sessions) = try await measure(url: url, iterations: iterations, traced: traced)
        var result: [String: Double] = [
            "flow_p50": percentile(flows, 0.5), "flow_p90": percentile(flows, 0.9),
            "isolation_p50": percentile(isolations, 0.5), "isolation_p90": percentile(isolations, 0.9),
            "new_browser_p50": percentile(sessions, 0.5),
        ]
        if traced {
            result["traced_flow_p50"] = percentile(traced_flows, 0.5)
            result["traced_flow_p90"] = percentile(traced_flows, 0.9)
        }
        let json = try JSONSerialization.data(withJSONObject: result, options: [.sortedKeys])
        print(String(decoding: json, as: UTF8.self))
    }

    nonisolated static func measure(url: String, iterations: Int, traced: Bool) async throws -> ([Double], [Double], [Double], [Double]) {
        let warmup = 3
        let browser = try await Browser.launch()
        // Where UITraceTrait puts a package's traces (`.build/pyramid-traces`), not the system's
        // temporary folder: that one's file system, shared with every other program, can make
        // each new file cost far more than the trace's own work (a kernel profile showed it).
        let traces = FileManager.default.currentDirectoryPath + "/.build/pyramid-traces/ui-bench-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: traces) }
        var flows: [Double] = []
        var tracedFlows: [Double] = []
        var isolations: [Double] = []
        do {
            for index in 0..<((iterations + warmup) * (traced ? 2 : 1)) {
                let recording = traced && index % 2 == 1
                let app = UIApp(driver: WebUIDriver(session: browser.session, url: url))
                let start = ContinuousClock.now
                let flow = {
                    try await app.launch()
                    try await app.textFields["email_field"].typeText("test@example.com")
                    try await app.secureTextFields["password_field"].typeText("password123")
                    try await app.buttons["login_button"].tap()
                    guard await app.navigationBars["ホーム"].waitForExistence(timeout: 5) else {
                        throw UITestingError.driver("the home screen did not appear in iteration \(index)")
                    }
                }
                if recording {
                    try await withUITrace(in: "\(traces)/\(index)", name: "login flow \(index)", flow)
                } else {
                    try await flow()
                }
                let flowEnd = ContinuousClock.now
                try await WebUIDriver.reset(session: browser.session)
                let resetEnd = ContinuousClock.now
                if index >= warmup * (traced ? 2 : 1) {
                    if recording {
                        tracedFlows.append(milliseconds(start.duration(to: flowEnd)))
                    } else {
                        flows.append(milliseconds(start.duration(to: flowEnd)))
                        isolations.append(milliseconds(flowEnd.duration(to: resetEnd)))
                    }
                }
            }
            await browser.close()
        } catch {
            await browser.close()
            throw error
        }

        // A new browser session per test, the isolation the pool replaces.
        var sessions: [Double] = []
        for _ in 0..<5 {
            let start = ContinuousClock.now
            await (try await Browser.launch()).close()
            sessions.append(milliseconds(start.duration(to: .now)))
        }
        return (flows, tracedFlows, isolations, sessions)
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }

    static func percentile(_ values: [Double], _ p: Double) -> Double {
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
    }
}
