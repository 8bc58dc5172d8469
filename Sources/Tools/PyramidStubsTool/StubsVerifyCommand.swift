import ArgumentParser
import Foundation
import HTTPStubsCore

/// `pyramid stubs verify`: whether the real API still answers as a recording says.
struct StubsVerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check recorded stubs against the real API: exit 1 when its answers moved away from them.",
        discussion: """
            Sends each mapping's request in --root-dir to --target and compares the answer with the \
            mapping's: the status, the headers named with --header, and a JSON body field by field \
            (a field added or removed, or of another type, is drift, with its path such as \
            $.items[0].title; values too with --values, except where the recorded value is a \
            json-unit placeholder such as ${json-unit.ignore}, or the path is given to --ignore). \
            Only GET, HEAD and OPTIONS are sent unless --all-methods: the others may change the \
            server's data. The mappings are taken in the order `pyramid stubs serve` tries them: of \
            two mappings of the same request, the one it answers with is checked and the other is \
            skipped, naming the first. Prints one line a mapping (✔ held, ✘ moved, ! not answered, \
            – skipped), then counts that add up to the mappings. When the API cannot be reached, \
            nothing more is sent and the last line says so, with its URL and why. Exit status: 0 \
            when nothing moved, 1 when something did, 2 when the API could not be asked or the \
            input is bad.
            """
    )

    @Option(help: "The real API: an http or https base URL.")
    var target: String

    @Option(name: .customLong("root-dir"), help: "The recording: WireMock's mappings/ and __files/.")
    var rootDir: String

    @Option(name: .customLong("header"), help: "A response header whose value is compared (repeatable).")
    var headers: [String] = []

    @Option(help: "A body path not compared, such as $.updatedAt or $.items[*].price (repeatable).")
    var ignore: [String] = []

    @Flag(help: "Compare values, not only the structure of JSON bodies (and the bytes of other bodies).")
    var values = false

    @Flag(name: .customLong("all-methods"), help: "Send every recorded request, not only GET, HEAD and OPTIONS.")
    var allMethods = false

    @Option(help: "Seconds the real API may take to answer one request.")
    var timeout: Double = 30

    func validate() throws {
        guard let url = URL(string: target), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil else {
            throw StubsFailure.invalidOption(name: "--target", value: target, reason: "is not an absolute http or https URL")
        }
        guard timeout > 0, timeout <= 3600 else {
            throw StubsFailure.invalidOption(name: "--timeout", value: String(timeout), reason: "is not between 0 and 3600 seconds")
        }
        if let bad = ignore.first(where: { !$0.hasPrefix("$") }) {
            throw StubsFailure.invalidOption(name: "--ignore", value: bad, reason: "is not a path such as $.items[*].price")
        }
    }

    func run() async throws {
        let root = StubRootDirectory(rootDir)
        let imported = try root.loadForCommand()
        for issue in imported.issues { FileHandle.standardError.write(Data("warning: \(issue); not checked\n".utf8)) }
        guard !imported.stubs.isEmpty else { throw StubsFailure.stubRoot("no mapping to check in \(root.mappingsDirectory)") }
        let check = DriftCheck(
            headers: headers, diff: JSONDiff(comparesValues: values, ignoring: ignore),
            methods: allMethods ? DriftCheck.safeMethods.union(imported.stubs.map { $0.request.method ?? "GET" }) : DriftCheck.safeMethods)
        let forwarder = ProxyForwarder(timeout: .milliseconds(Int64(timeout * 1000)))
        // In the order `stubs serve` tries them: of two mappings of one request, the one the
        // server answers with is checked, and the other is listed as skipped.
        let served = StubRegistry()
        served.add(imported.stubs)
        let report = await StubDrift.check(served.stubs, against: URL(string: target)!, check, forwarder: forwarder)
        print(report.description)
        print(report.summary)
        if report.hasFailures { throw ExitCode(2) }
        if report.hasDrift { throw ExitCode(1) }
    }
}
