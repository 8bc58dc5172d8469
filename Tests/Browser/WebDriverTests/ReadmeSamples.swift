import Foundation
import WebDriver

// The README's WebDriver sample, compiled with the tests (README.md marks the block as an
// excerpt of this file). Never called: WebDriverSessionTests runs these commands in Chromium.

func readmeWebDriverSample() async throws {
    try await withBrowser { browser in                       // chromedriver on a free port, headless Chromium
        let page = browser.session
        try await page.navigate(to: "http://127.0.0.1:8080/login")
        try await page.findElement(.testID("email_field")).type("test@example.com")
        try await page.findElement(.role("textbox", name: "Password")).type("password123")
        try await page.findElement(.role("button", name: "Log In")).click()
        let png = try await page.screenshot()
        try await page.devTools("Emulation.setEmulatedMedia", ["features": [["name": "prefers-color-scheme", "value": "dark"]]])
        _ = png
    }                                                        // session deleted, process group ended, profile removed
}
