import Foundation
import PyramidTestSupport
import Testing
@testable import WebDriver
import PyramidIO

/// chromedriver started with `--port=0` sometimes finds the port it picked taken and exits
/// ("IPv4 port not available"); the launch starts it again instead of failing the test.
@Suite("chromedriver start-up")
struct DriverStartTests {
    /// The fake driver's folder, removed after the test even when it throws.
    private let scratch = TemporaryFolder("fake-driver")

    /// A stand-in for chromedriver: it fails with chromedriver's bind message `failures`
    /// times (counting in a file beside it), then prints its start line and waits.
    func fakeDriver(failures: Int) throws -> (script: String, folder: String) {
        let folder = scratch.path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let script = folder + "/chromedriver"
        try """
            #!/bin/sh
            count=$(cat "\(folder)/count" 2>/dev/null || echo 0)
            echo $((count + 1)) > "\(folder)/count"
            if [ "$count" -lt \(failures) ]; then
              echo "[SEVERE]: bind() failed: Address already in use (98)"
              echo "IPv4 port not available. Exiting..."
              exit 1
            fi
            echo "ChromeDriver was started successfully on port 4321."
            exec sleep 30
            """.write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        return (script, folder)
    }

    @Test("a driver that lost its port is started again, and the port of the one that started is returned")
    func retries() async throws {
        let (script, folder) = try fakeDriver(failures: 2)
        let workspace = folder + "/workspace"
        try FileManager.default.createDirectory(atPath: workspace, withIntermediateDirectories: true)
        let (driver, port) = try await Browser.startDriver(script, log: workspace + "/log", workspace: workspace, timeout: .seconds(30))
        #expect(port == 4321)
        #expect(try String(contentsOfFile: folder + "/count", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines) == "3")
        await driver.terminate(grace: .milliseconds(100))
    }

    @Test("after three attempts the failure is reported with the driver's output")
    func givesUp() async throws {
        let (script, folder) = try fakeDriver(failures: 5)
        let workspace = folder + "/workspace"
        try FileManager.default.createDirectory(atPath: workspace, withIntermediateDirectories: true)
        let error = await #expect(throws: WebDriverError.self) {
            _ = try await Browser.startDriver(script, log: workspace + "/log", workspace: workspace, timeout: .seconds(30))
        }
        #expect("\(String(describing: error))".contains("IPv4 port not available"))
        #expect(try String(contentsOfFile: folder + "/count", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines) == "3")
    }

    @Test("a TMPDIR too long for Chromium's singleton socket is /tmp for chromedriver and Chromium, which renders there; a short one is kept")
    func longTemporaryFolder() async throws {
        let long = scratch.path + "/" + String(repeating: "t", count: 90)
        try FileManager.default.createDirectory(atPath: long, withIntermediateDirectories: true)
        #expect(Browser.driverEnvironment(["TMPDIR": long, "HOME": "/h"]) == ["TMPDIR": "/tmp", "HOME": "/h"])
        #expect(Browser.driverEnvironment(["TMPDIR": "/tmp/short"]) == ["TMPDIR": "/tmp/short"])
        #expect(Browser.driverEnvironment(["HOME": "/h"]) == ["HOME": "/h"])

        // Chromium itself: started in the long folder it renders nothing; with what the driver is given, the page.
        let chromium = try ChromiumOptions.chromium.resolve(nil).get()
        func dump(temporary: String) async throws -> String {
            try await Program.run(
                URL(fileURLWithPath: chromium), ["--headless=new", "--no-sandbox", "--user-data-dir=\(scratch.path)/profile-\(temporary.count)", "--dump-dom", "data:text/html,<p>ok</p>"],
                environment: ["TMPDIR": temporary]).stdout
        }
        #expect(!(try await dump(temporary: long)).contains("<p>ok</p>"), "Chromium in a TMPDIR of \(long.utf8.count) bytes")
        #expect(try await dump(temporary: Browser.driverEnvironment(["TMPDIR": long])["TMPDIR"]!).contains("<p>ok</p>"))
    }
}
