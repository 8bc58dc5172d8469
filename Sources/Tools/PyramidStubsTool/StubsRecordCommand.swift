import ArgumentParser
import Foundation
import HTTPStubsCore
import HTTPStubsServer

/// `pyramid stubs record`: a proxy to a real API that writes what it answered as WireMock
/// mappings when it is stopped.
struct StubsRecordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record a real API through a proxy on 127.0.0.1, as WireMock mappings (mappings/ and __files/).",
        discussion: """
            Prints the proxy's URL on the first line; point the app or the tests at it. Every request is \
            sent on to --target and its answer passed back, with a line for each as it happens \
            ("recorded GET /items?page=1 → 200"). On SIGINT or SIGTERM the answers are written \
            to --root-dir as WireMock writes a recording: one mapping a distinct request (method, path and \
            query, the headers named by --capture-header, the body), JSON request bodies matched with \
            equalToJson, text bodies over 10 KB and every binary body in __files/, a request answered \
            differently when it came again as a scenario. A request an earlier recording in --root-dir \
            has a mapping of (the same method, path and query, captured headers and body) gets the new \
            mapping in place of the old file, which is named; WireMock would keep both. Request headers are not recorded unless named \
            with --capture-header, so Authorization and Cookie values stay out; Set-Cookie is left out of \
            responses unless named, and --redact leaves out any other header. `pyramid stubs serve \
            --root-dir` (or WireMock) plays the recording back. A real server that takes longer than \
            --proxy-timeout gets the client a 504; one that cannot be reached, a 502.
            """
    )

    @Option(help: "The real API: an http or https base URL; requests' paths are appended to it.")
    var target: String

    @Option(name: .customLong("root-dir"), help: "Where the recording is written: mappings/ and __files/ (made if missing).")
    var rootDir: String

    @Option(help: "The port; 0 takes a free one.")
    var port: Int = 0

    @Option(name: .customLong("capture-header"), help: "A request header the recorded mappings match on (repeatable).")
    var captureHeaders: [String] = []

    @Option(help: "A header whose values are never written, in requests or responses (repeatable).")
    var redact: [String] = []

    @OptionGroup var proxyTimeout: ProxyTimeoutOption

    @Flag(name: .customLong("no-repeats-as-scenarios"), help: "Keep only the first answer to a request seen again, rather than a scenario.")
    var noRepeatsAsScenarios = false

    func validate() throws {
        guard let url = URL(string: target), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil else {
            throw StubsFailure.invalidOption(name: "--target", value: target, reason: "is not an absolute http or https URL")
        }
        guard (0...65535).contains(port) else {
            throw StubsFailure.invalidOption(name: "--port", value: String(port), reason: "is not between 0 and 65535")
        }
        if let both = redact.first(where: { name in captureHeaders.contains { $0.lowercased() == name.lowercased() } }) {
            throw StubsFailure.invalidOption(name: "--redact", value: both, reason: "is also given to --capture-header; a redacted header cannot be matched")
        }
    }

    func run() async throws {
        let root = StubRootDirectory(rootDir)
        let spec = RecordSpec(
            targetBaseURL: URL(string: target), captureHeaders: captureHeaders.map { ($0, false) },
            repeatsAsScenarios: !noRepeatsAsScenarios, redactedHeaders: Set(redact))
        var options = StubServerOptions(
            filesDirectory: root.filesDirectory, rootDirectory: rootDir, proxyTimeout: proxyTimeout.duration)
        // A line a request as it is answered, flushed at once: through a pipe too, a script or
        // a test sees what was recorded while the recording runs.
        options.proxied = { outcome in
            switch outcome {
            case .success(let exchange): print("recorded \(exchange.request.summary) → \(exchange.status)")
            case .failure(let failure): print("not recorded: \(failure)")
            }
            fflush(nil)
        }
        let server: StubServer
        do {
            server = try await StubServer.start(StubRegistry(journalLimit: 100_000), port: port, options: options)
        } catch {
            throw StubsFailure.serverDidNotStart(error)
        }
        do throws(RecordingError) {
            // A root that cannot be written is refused here, before anything is proxied.
            try server.startRecording(spec)
        } catch {
            await server.close()
            throw StubsFailure.stubRoot(error.reason)
        }
        let stop = StopSignals()
        print(server.baseURL.absoluteString)
        print("Recording \(target) through \(server.baseURL.absoluteString) into \(rootDir). Stop with Ctrl-C to write the mappings.")
        fflush(nil)
        await stop.wait()
        await server.close()
        let recording: StubRecorder.Recording
        do throws(RecordingError) {
            recording = try server.stopRecording()
        } catch {
            throw StubsFailure.stubRoot(error.reason)
        }
        let requests = server.registry.recordedExchanges.count
        var summary = "Recorded \(requests) request(s) as \(recording.stubs.count) mapping(s) in \(root.mappingsDirectory)"
        if !recording.files.isEmpty { summary += ", \(recording.files.count) body file(s) in \(root.filesDirectory)" }
        print(summary + ".")
        if !recording.leftOut.isEmpty {
            print("Left out: " + recording.leftOut.sorted { $0.key < $1.key }.map { "\($0.key) (\($0.value))" }.joined(separator: ", ") + ".")
        }
        let failed = server.registry.journal.count - requests
        if failed > 0 { print("\(failed) request(s) got no answer from \(target) and were not recorded.") }
        let mappings = root.mappingsDirectory + "/"
        func relative(_ path: String) -> String { path.hasPrefix(mappings) ? String(path.dropFirst(mappings.count)) : path }
        for replaced in recording.saved?.replaced ?? [] {
            print("Replaced \(replaced.removed) with \(relative(replaced.by)): \(replaced.request) was recorded again.")
        }
        for file in recording.saved?.leftInPlace ?? [] {
            FileHandle.standardError.write(Data("warning: \(file) also holds a mapping of a request recorded again, beside other mappings; it was left as it is, so edit it by hand\n".utf8))
        }
    }
}
