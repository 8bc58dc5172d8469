import ArgumentParser
import Foundation
import HTTPStubsCore
import HTTPStubsServer

/// `pyramid-stubs` (`pyramid stubs`): HTTP stubs outside a test process.
struct StubsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pyramid-stubs",
        abstract: "Serve HTTP stubs from WireMock mapping files, and record them from a real API.",
        subcommands: [StubsServeCommand.self, StubsRecordCommand.self, StubsVerifyCommand.self]
    )
}

/// `pyramid stubs serve`: the stub server over a WireMock root directory.
struct StubsServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the mappings of a WireMock root directory (mappings/ and __files/) on 127.0.0.1.",
        discussion: """
            Prints the server's URL on the first line, then serves WireMock's admin API under /__admin \
            (mappings, requests, reset, scenarios) beside the stubs. A mapping that uses anything this \
            server does not support is named with its field and the server does not start, unless \
            --skip-unsupported is given. Stops cleanly on SIGINT and SIGTERM.
            """
    )

    @Option(name: .customLong("root-dir"), help: "WireMock's root directory: mappings/ and __files/.")
    var rootDir: String = "."

    @Option(help: "The port; 0 takes a free one.")
    var port: Int = 0

    @Option(name: .customLong("max-request-journal-entries"), help: "The most requests the journal keeps, oldest dropped first (WireMock's flag; 0: no limit).")
    var maxRequestJournalEntries: Int = 10_000

    @Flag(help: "Serve the other mappings when some use unsupported features (each is still reported).")
    var skipUnsupported = false

    @OptionGroup var proxyTimeout: ProxyTimeoutOption

    func validate() throws {
        guard (0...65535).contains(port) else {
            throw StubsFailure.invalidOption(name: "--port", value: String(port), reason: "is not between 0 and 65535")
        }
        guard maxRequestJournalEntries >= 0 else {
            throw StubsFailure.invalidOption(
                name: "--max-request-journal-entries", value: String(maxRequestJournalEntries), reason: "is negative")
        }
    }

    func run() async throws {
        let root = StubRootDirectory(rootDir)
        let imported = try root.loadForCommand()
        for issue in imported.issues {
            FileHandle.standardError.write(Data("\(skipUnsupported ? "warning" : "error"): \(issue)\n".utf8))
        }
        if !imported.issues.isEmpty && !skipUnsupported {
            throw StubsFailure.stubRoot(
                "\(imported.issues.count) mapping problem(s) in \(root.mappingsDirectory); fix them, or pass --skip-unsupported to serve the rest")
        }
        let registry = StubRegistry(journalLimit: maxRequestJournalEntries == 0 ? nil : maxRequestJournalEntries)
        registry.add(imported.stubs)
        let server: StubServer
        do {
            server = try await StubServer.start(
                registry, port: port, options: StubServerOptions(
                    filesDirectory: root.filesDirectory, rootDirectory: rootDir, proxyTimeout: proxyTimeout.duration))
        } catch {
            throw StubsFailure.serverDidNotStart(error)
        }
        // Listening for SIGINT and SIGTERM before the URL is printed: a script that stops the
        // server as soon as it reads the URL is heard.
        let stop = StopSignals()
        print(server.baseURL.absoluteString)
        print("Serving \(imported.stubs.count) stub(s) from \(root.mappingsDirectory); admin API at \(server.baseURL.absoluteString)/__admin. Stop with Ctrl-C.")
        fflush(nil)
        await stop.wait()
        await server.close()
        let journal = registry.journal
        print("Stopped after \(journal.count) request(s), \(journal.filter { !$0.wasMatched }.count) unmatched.")
    }
}

extension StubRootDirectory {
    /// The root's mappings, or the command's failure naming what could not be read.
    func loadForCommand() throws -> WireMockImport {
        do throws(StubRootError) {
            return try load()
        } catch {
            throw StubsFailure.stubRoot("\(error)")
        }
    }
}
