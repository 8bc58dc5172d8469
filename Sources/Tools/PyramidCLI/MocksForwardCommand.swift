import ArgumentParser

/// `pyramid mocks`: runs `pyramid-mocks`, the mock generator, built beside `pyramid`, with the
/// same arguments; its output and exit status are this command's.
///
/// The generator parses Swift with swift-syntax, which `pyramid` does not link (``ToolForwarding``).
struct MocksForwardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mocks",
        abstract: "Generate mocks for protocols annotated with /// @mockable (mockolo-compatible; pyramid mocks --help for its options).",
        discussion: "Runs pyramid-mocks, built beside pyramid (and built first when it is not there yet), with the same arguments.",
        // `pyramid mocks --help` is the generator's own help.
        helpNames: [])

    @Argument(parsing: .captureForPassthrough, help: "pyramid-mocks' arguments.")
    var arguments: [String] = []

    func run() throws {
        try ToolForwarding.run(command: "mocks", tool: "pyramid-mocks", what: "the mock generator (it parses Swift with swift-syntax)", arguments: arguments)
    }
}
