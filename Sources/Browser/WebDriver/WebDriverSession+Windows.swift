// W3C's user prompt and window commands, typed, so adapters do not spell wire paths.

extension WebDriverSession {
    // MARK: User prompts (alert, confirm, prompt)

    /// The text of the open dialog.
    /// - Throws: `WebDriverError.command` with `.noSuchAlert` when no dialog is open.
    package func alertText() async throws -> String {
        try await command("GET", "/alert/text").stringValue ?? ""
    }

    /// Types `text` into the open prompt dialog.
    package func sendAlertText(_ text: String) async throws {
        try await command("POST", "/alert/text", ["text": .string(text)])
    }

    /// Accepts the open dialog (its OK button).
    package func acceptAlert() async throws {
        try await command("POST", "/alert/accept")
    }

    /// Dismisses the open dialog (its Cancel button).
    package func dismissAlert() async throws {
        try await command("POST", "/alert/dismiss")
    }

    /// Dismisses the open dialog if there is one; returns whether there was.
    @discardableResult
    package func dismissAlertIfPresent() async throws -> Bool {
        do {
            try await dismissAlert()
            return true
        } catch WebDriverError.command(code: .noSuchAlert, _, _) {
            return false
        }
    }

    // MARK: Windows

    /// The handles of every window (tab) the session has, in the browser's order.
    package func windowHandles() async throws -> [String] {
        try await command("GET", "/window/handles").arrayValue?.compactMap(\.stringValue) ?? []
    }

    /// The handle of the window commands go to.
    package func currentWindowHandle() async throws -> String {
        guard let handle = try await command("GET", "/window").stringValue else {
            throw WebDriverError.malformedResponse("the answer to GET /window is not a window handle",
                request: WebDriverRequest(method: "GET", path: "/session/\(id)/window", body: nil))
        }
        return handle
    }

    /// Sends the following commands to the window `handle`.
    package func switchToWindow(_ handle: String) async throws {
        try await command("POST", "/window", ["handle": .string(handle)])
    }

    /// Closes the current window; the session then has no current window until it switches.
    package func closeWindow() async throws {
        try await command("DELETE", "/window")
    }

    /// Sets the outer size of the window in CSS pixels.
    package func setWindowSize(width: Double, height: Double) async throws {
        try await command("POST", "/window/rect", ["width": .number(width), "height": .number(height)])
    }
}
