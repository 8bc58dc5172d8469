import PyramidIO

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
    /// Sends each DevTools emulation command, `(method, parameters)`, unless the same was last
    /// sent for what it sets through this method on this window and nothing has changed it since:
    /// a UI test's launch sets the same device as the test before it on a pooled browser, and
    /// each command is a round trip. An emulation command sent with ``devTools(_:_:)``, another
    /// window, or a window closed or resized makes the next call send everything again.
    package func emulate(_ commands: [(method: String, parameters: JSONValue)]) async throws {
        for (method, parameters) in commands {
            let kind = Self.emulationKind(method)
            if emulated.value[kind] == parameters { continue }
            // Not known while it is on its way, nor after it failed.
            emulated.withValue { $0[kind] = nil }
            _ = try await sendDevTools(method, parameters)
            emulated.withValue { $0[kind] = parameters }
        }
    }

    /// What an emulation command sets: the device's metrics (set or cleared), or the command's own name.
    static func emulationKind(_ method: String) -> String {
        method == "Emulation.clearDeviceMetricsOverride" ? "Emulation.setDeviceMetricsOverride" : method
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
