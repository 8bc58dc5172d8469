import Foundation
import PyramidIO
import PyramidTestSupport
import Testing
import UITesting
import UITestingWeb

/// An app a test launched under `.webBrowser` ends with the test, as XCUITest ends the app it
/// launched: on SIGTERM, so its exit handlers run (one writes a coverage profile), even though
/// the test's driver is released before the test's scope ends.
@Suite("Apps end with their test", .timeLimit(.minutes(10)))
struct AppEndsWithTestTests {
    let folder = TemporaryFolder("app-ends", create: true)

    @Test("the app gets SIGTERM when the test's .webBrowser scope ends, and is gone after it")
    func endsOnSIGTERM() async throws {
        let marker = folder.path("ended")
        let test = try #require(Test.current)
        let pid = Locked<Int32>(0)
        try await WebBrowserTrait.webBrowser.provideScope(for: test, testCase: Test.Case.current) {
            let app = UIApp(driver: try WebUIDriver(app: WebAppExecutable(
                path: "/usr/bin/env", arguments: ["python3", AppProcessTests.script, "--on-term", marker])))
            try await app.launch()
            pid.setValue(try #require(Int32(try await app.staticTexts["pid"].label)))
            // The driver goes with this closure, before the scope ends: it must leave the app to it.
        }
        #expect(try String(contentsOfFile: marker, encoding: .utf8) == "terminated", "the app ran its SIGTERM handler")
        #expect(kill(pid.value, 0) != 0, "and is gone when the scope returns")
    }
}
