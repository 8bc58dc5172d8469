import ArgumentParser

/// `pyramid mutants`: runs `pyramid-mutants`, the mutation tester, built beside `pyramid`, with the
/// same arguments; its output and exit status are this command's. It parses Swift with
/// swift-syntax, which `pyramid` does not link (``ToolForwarding``).
struct MutantsForwardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mutants",
        abstract: "Plant faults (mutants) in a package's code and report which level of its test pyramid catches each (pyramid mutants --help for its options).",
        discussion: "Runs pyramid-mutants, built beside pyramid (and built first when it is not there yet), with the same arguments.",
        // `pyramid mutants --help` is the tool's own help.
        helpNames: [])

    @Argument(parsing: .captureForPassthrough, help: "pyramid-mutants' arguments.")
    var arguments: [String] = []

    func run() throws {
        try ToolForwarding.run(command: "mutants", tool: "pyramid-mutants", what: "the mutation tester (it parses Swift with swift-syntax)", arguments: arguments)
    }
}
