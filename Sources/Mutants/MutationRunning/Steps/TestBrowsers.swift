import Foundation
import LivingSpec
import PyramidIO
import WebDriver

/// The browsers a run's UI and snapshot tests attach to, kept across their processes: each
/// test runs in a process of its own, and starting Chromium is most of a short UI test's time.
///
/// A test process is lent one browser at a time (`AttachableChromium`, its address in
/// `PYRAMID_CHROMIUM_ADDRESS`), so a run holds at most as many as it runs tests at once. A
/// browser goes back after a test that passed, which leaves it as its pool's reset leaves it, or
/// one that never attached to it; after a test that attached and then failed, crashed or was
/// killed mid-way it is closed, and the next test gets a new one: what a failing mutant did to
/// the browser cannot fail another test.
final class TestBrowsers: Sendable {
    private let options: ChromiumOptions
    private let idle = Locked<[AttachableChromium]>([])
    /// Why no browser can be started here, once a start has failed: the tests then start their own.
    private let unavailable = Locked<String?>(nil)

    init(options: ChromiumOptions = ChromiumOptions()) {
        self.options = options
    }

    /// Whether a test of `level` drives a browser.
    static func usesBrowser(_ level: PyramidLevel) -> Bool {
        level == .ui || level == .snapshot
    }

    /// An idle browser, or a new one; nil when none can be started (``unavailableReason`` says
    /// why). Blocks while a browser starts: call it from a thread of its own or Dispatch's.
    func lend() -> AttachableChromium? {
        while let browser = idle.withValue({ $0.popLast() }) {
            if browser.isRunning { return browser }
            browser.close()
        }
        guard unavailable.withValue({ $0 }) == nil else { return nil }
        do {
            return try AttachableChromium.start(options)
        } catch {
            unavailable.withValue { $0 = $0 ?? "\(error)" }
            return nil
        }
    }

    /// Takes `browser` back after a test: kept for the next one when the test passed or did not
    /// attach to it, else closed.
    func giveBack(_ browser: AttachableChromium, testPassed: Bool, attached: Bool = true) {
        if testPassed || !attached, browser.isRunning {
            idle.withValue { $0.append(browser) }
        } else {
            browser.close()
        }
    }

    /// Why the tests start their own browsers: the error of the first start that failed.
    var unavailableReason: String? { unavailable.withValue { $0 } }

    /// Closes every idle browser.
    func close() {
        for browser in idle.withValue({ browsers in defer { browsers = [] }; return browsers }) { browser.close() }
    }
}
