// Emulation one user of a pooled browser set, undone before the next kind of user.

extension WebDriverSession {
    /// Clears the device metrics, media features and locale that DevTools emulation set, so the
    /// tab renders as a new one would: what a snapshot render or a UI launch undoes before
    /// another kind of test gets the browser.
    package func clearEmulation() async throws {
        try await devTools("Emulation.setLocaleOverride", [:])
        try await devTools("Emulation.clearDeviceMetricsOverride")
        try await devTools("Emulation.setEmulatedMedia", ["media": "", "features": []])
    }
}

extension WebDriverSession {
    /// Cuts the tab off the network (DevTools' network emulation, offline): what a page that
    /// must open from disk, with no outside asset, is checked under.
    package func emulateOffline() async throws {
        try await devTools("Network.enable")
        try await devTools("Network.emulateNetworkConditions", [
            "offline": true, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1,
        ])
    }
}
