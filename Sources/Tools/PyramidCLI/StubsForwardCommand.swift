import ArgumentParser

/// `pyramid stubs`: runs `pyramid-stubs`, the stub server, its recorder and its drift check,
/// built beside `pyramid`, with the same arguments; its output and exit status are this
/// command's. It proxies to real APIs through URLSession, whose libraries `pyramid` does not
/// load (``ToolForwarding``).
struct StubsForwardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stubs",
        abstract: "Serve HTTP stubs from WireMock mapping files, and record them from a real API (pyramid stubs --help for its commands).",
        discussion: "Runs pyramid-stubs, built beside pyramid (and built first when it is not there yet), with the same arguments.",
        // `pyramid stubs --help` is the tool's own help.
        helpNames: [])

    @Argument(parsing: .captureForPassthrough, help: "pyramid-stubs' arguments.")
    var arguments: [String] = []

    func run() throws {
        try ToolForwarding.run(command: "stubs", tool: "pyramid-stubs", what: "the HTTP stub server", arguments: arguments)
    }
}
