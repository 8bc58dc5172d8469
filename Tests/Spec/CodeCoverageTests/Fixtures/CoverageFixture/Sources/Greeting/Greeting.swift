/// How the app greets someone.
public func greeting(for name: String, hour: Int) -> String {
    if hour < 12 {
        return "Good morning, \(name)"
    } else if hour < 18 {
        return "Good afternoon, \(name)"
    }
    return "Good evening, \(name)"
}

/// Only the app calls this: its lines are reached through the app's process alone.
public func banner(_ text: String) -> String {
    let line = String(repeating: "=", count: text.count)
    return line + "\n" + text + "\n" + line
}
