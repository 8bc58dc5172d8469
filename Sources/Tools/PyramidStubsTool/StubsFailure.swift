import PyramidIO

/// A failure `pyramid stubs` reports: printed as `Error: <description>`, with exit status 2.
enum StubsFailure: Error, CustomStringConvertible {
    /// An option's value the command cannot use: the option as typed, the value, and why
    /// ("is not between 0 and 65535").
    case invalidOption(name: String, value: String, reason: String)
    /// The root directory could not be loaded, or holds mappings the server cannot serve.
    case stubRoot(String)
    /// The stub server did not start.
    case serverDidNotStart(any Error)

    var description: String {
        switch self {
        case let .invalidOption(name, value, reason):
            return "\(name) \(value) \(reason)"
        case let .stubRoot(message):
            return message
        case let .serverDidNotStart(error as ListenError):
            // "the stub server could not listen on 127.0.0.1:18081: the address is already in use"
            return "the stub server \(error)"
        case let .serverDidNotStart(error):
            return "the stub server could not start: \(error)"
        }
    }
}
