/// Keys that type no character, spelled as WebDriver's private-use code points.
public enum Key: String, Sendable, CaseIterable {
    case escape = "\u{E00C}"
    case enter = "\u{E007}"
    case tab = "\u{E004}"
    case backspace = "\u{E003}"
    case arrowLeft = "\u{E012}"
    case arrowUp = "\u{E013}"
    case arrowRight = "\u{E014}"
    case arrowDown = "\u{E015}"
}

extension WebDriverSession {
    /// Presses and releases `key` on whatever has focus, as a person would: through
    /// W3C actions, so the page sees real `keydown` and `keyup` events.
    public func press(_ key: Key) async throws {
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
