// W3C's user prompt and window commands, typed, so adapters do not spell wire paths.

extension WebDriverSession {
    // MARK: User prompts (alert, confirm, prompt)

    /// The text of the open dialog.
    /// - Throws: `WebDriverError.command` with `.noSuchAlert` when no dialog is open.
    public func alertText() async throws -> String {
        try await command("GET", "/alert/text").stringValue ?? ""
    }

    /// Types `text` into the open prompt dialog.
    public func sendAlertText(_ text: String) async throws {
        try await command("POST", "/alert/text", ["text": .string(text)])
    }

    /// Accepts the open dialog (its OK button).
    public func acceptAlert() async throws {
        try await command("POST", "/alert/accept")
    }

    /// Dismisses the open dialog (its Cancel button).
    public func dismissAlert() async throws {
        try await command("POST", "/alert/dismiss")
    }

    /// Dismisses the open dialog if there is one; returns whether there was.
    @discardableResult
    public func dismissAlertIfPresent() async throws -> Bool {
        do {
            try await dismissAlert()
            return true
        } catch WebDriverError.command(code: .noSuchAlert, _, _) {
            return false
        }
    }

    // MARK: Windows

    /// The handles of every window (tab) the session has, in the browser's order.
    public func windowHandles() async throws -> [String] {
        try await command("GET", "/window/handles").arrayValue?.compactMap(\.stringValue) ?? []
    }

    /// The handle of the window commands go to.
    public func currentWindowHandle() async throws -> String {
        guard let handle = try await command("GET", "/window").stringValue else {
            throw WebDriverError.malformedResponse("the answer to GET /window is not a window handle",
                request: WebDriverRequest(method: "GET", path: "/session/\(id)/window", body: nil))
        }
        return handle
    }

    /// Sends the following commands to the window `handle`.
    public func switchToWindow(_ handle: String) async throws {
        try await command("POST", "/window", ["handle": .string(handle)])
    }

    /// Closes the current window; the session then has no current window until it switches.
    public func closeWindow() async throws {
        try await command("DELETE", "/window")
    }

    /// Sets the outer size of the window in CSS pixels.
    public func setWindowSize(width: Double, height: Double) async throws {
        try await command("POST", "/window/rect", ["width": .number(width), "height": .number(height)])
    }
}
