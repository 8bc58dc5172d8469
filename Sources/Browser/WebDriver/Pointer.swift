extension WebDriverSession {
    /// Clicks at a point of the viewport, in CSS pixels, with the mouse: a move there, a press
    /// and a release, in one W3C actions request. What is under the point gets the events,
    /// as under a person's finger; check that it is the element you mean first.
    public func click(atX x: Int, y: Int) async throws {
        let pointer: JSONValue = [
            "type": "pointer", "id": "mouse", "parameters": ["pointerType": "mouse"],
            "actions": [
                ["type": "pointerMove", "duration": 0, "origin": "viewport", "x": .number(Double(x)), "y": .number(Double(y))],
                ["type": "pointerDown", "button": 0],
                ["type": "pointerUp", "button": 0],
            ],
        ]
        try await command("POST", "/actions", ["actions": [pointer]])
    }
}
