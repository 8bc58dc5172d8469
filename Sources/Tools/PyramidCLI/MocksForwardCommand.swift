import SpecRunning
import ArgumentParser
import Foundation
import LivingSpec
import PyramidIO

/// `pyramid mocks`: runs `pyramid-mocks`, the mock generator, built beside `pyramid`, with the
/// same arguments; its output and exit status are this command's.
///
/// The generator parses Swift with swift-syntax. In an executable of its own, `pyramid` builds
/// without swift-syntax, which the reference app's build (its macros and its mocks plugin) builds
/// for the host anyway: the first `swift run pyramid demo` compiles swift-syntax once, not twice.
/// `swift build` builds both executables; when `pyramid-mocks` is missing (after `swift run
/// pyramid`, which builds only `pyramid`), it is built first, in the same build folder.
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
        let executable = Bundle.main.executablePath ?? CommandLine.arguments[0]
        let tool = URL(fileURLWithPath: executable).resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("pyramid-mocks").path
        if !FileManager.default.isExecutableFile(atPath: tool) {
            guard let products = SwiftPMProducts.of(executable: executable) else {
                throw CommandFailure.mocksToolMissing(tool)
            }
            try build(products)
        }
        let failure = ChildProcess.replaceCurrentProcess(executable: tool, arguments: arguments)
        throw CommandFailure.mocksToolFailed(failure.description)
    }

    /// Builds `pyramid-mocks` in `products`' package, showing its progress on standard error
    /// (standard output stays the generator's).
    func build(_ products: SwiftPMProducts) throws {
        FileHandle.standardError.write(Data("pyramid mocks: building pyramid-mocks, the mock generator (it parses Swift with swift-syntax), for the first time…\n".utf8))
        let status = StatusLine.standardError()
        defer { status.close() }
        status.begin("planning the build")
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("pyramid-mocks-build-\(getpid()).log").path
        defer { try? FileManager.default.removeItem(atPath: log) }
        let exit: Int32
        do {
            exit = try SwiftTestRunner.swift(
                products.buildArguments(product: "pyramid-mocks"), environment: ProcessInfo.processInfo.environment,
                echo: .lines { line in if let step = SwiftBuildProgress.parse(line) { status.update("building: " + step.description) } },
                keep: log)
        } catch {
            throw CommandFailure.mocksToolBuildFailed(status: nil, output: "\(error)")
        }
        status.end()
        guard exit == 0 else {
            let output = String(decoding: (FileManager.default.contents(atPath: log) ?? Data()).suffix(3000), as: UTF8.self)
            throw CommandFailure.mocksToolBuildFailed(status: exit, output: output)
        }
    }
}
