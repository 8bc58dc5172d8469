/// Keys that type no character, spelled as WebDriver's private-use code points.
package enum Key: String, Sendable, CaseIterable {
    /// Escape.
    case escape = "\u{E00C}"
    /// Return.
    case enter = "\u{E007}"
    /// Tab.
    case tab = "\u{E004}"
    /// Backspace.
    case backspace = "\u{E003}"
    /// The left arrow.
    case arrowLeft = "\u{E012}"
    /// The up arrow.
    case arrowUp = "\u{E013}"
    /// The right arrow.
    case arrowRight = "\u{E014}"
    /// The down arrow.
    case arrowDown = "\u{E015}"
}

extension WebDriverSession {
    /// Presses and releases `key` on whatever has focus, as a person would: through
    /// W3C actions, so the page sees real `keydown` and `keyup` events.
    package func press(_ key: Key) async throws {
        try await press(keys: key.rawValue)
    }

    /// Presses and releases each character of `keys` in turn on whatever has focus.
    public func press(keys: String) async throws {
        var actions: [JSONValue] = []
        for character in keys {
            actions.append(["type": "keyDown", "value": .string(String(character))])
            actions.append(["type": "keyUp", "value": .string(String(character))])
        }
        try await command("POST", "/actions", ["actions": [["type": "key", "id": "keyboard", "actions": .array(actions)]]])
        try await command("DELETE", "/actions")
    }
}

extension WebDriverSession {
    /// Types `text` into whatever has focus. Runs of ordinary characters are inserted at the
    /// caret in one step each (DevTools' `Input.insertText`: the page sees `beforeinput` and
    /// `input`, as for a paste or an IME, but no per-key events); newlines, tabs, backspaces
    /// and `Key` code points are pressed as keys. Where the remote end has no DevTools, the
    /// whole text is pressed key by key.
    package func insertText(_ text: String) async throws {
        for run in Self.typingRuns(text) {
            switch run {
            case .keys(let keys):
                try await press(keys: keys)
            case .text(let characters):
                do {
                    try await devTools("Input.insertText", ["text": .string(characters)])
                } catch WebDriverError.command(code: .unknownCommand, _, _) {
                    try await press(keys: characters)
                }
            }
        }
    }

    enum TypingRun: Equatable {
        case text(String)
        case keys(String)
    }

    /// `text` cut into runs to insert and keys to press ("\n" → Enter, "\t" → Tab, "\u{8}" → Backspace).
    static func typingRuns(_ text: String) -> [TypingRun] {
        var runs: [TypingRun] = []
        for character in text {
            let key: String? = switch character {
            case "\n", "\r\n", "\r": Key.enter.rawValue
            case "\t": Key.tab.rawValue
            case "\u{8}", "\u{7F}": Key.backspace.rawValue
            default: Key(rawValue: String(character))?.rawValue
            }
            switch (key, runs.last) {
            case (let key?, .keys(let keys)?): runs[runs.count - 1] = .keys(keys + key)
            case (let key?, _): runs.append(.keys(key))
            case (nil, .text(let typed)?): runs[runs.count - 1] = .text(typed + String(character))
            case (nil, _): runs.append(.text(String(character)))
            }
        }
        return runs
    }
}
