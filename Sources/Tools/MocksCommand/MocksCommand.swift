package import ArgumentParser
import Foundation
import MockGen
import MockModel
import PyramidIO

/// `pyramid mocks`: generates mocks for `/// @mockable` protocols, with mockolo's flag
/// spellings so a build script switches by changing the executable's name.
package struct MocksCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "mocks",
        abstract: "Generate mocks for protocols annotated with /// @mockable (mockolo-compatible).",
        discussion: """
            Warnings (file:line:column: warning: …) go to standard error; a protocol that cannot be mocked \
            is skipped and every other one is still generated. Outputs are rewritten only when their content \
            changes, and an unchanged rerun reads the cache and writes nothing.
            """
    )

    @Option(name: [.customShort("s"), .customLong("sourcedirs")], parsing: .upToNextOption,
            help: "Directories whose .swift files (recursively) are read.")
    var sourceDirectories: [String] = []

    @Option(name: [.customLong("srcs", withSingleDash: true), .customLong("sourcefiles")], parsing: .upToNextOption,
            help: "Source files to read.")
    var sourceFiles: [String] = []

    @Option(name: [.customShort("f"), .customLong("filelist")], help: "A file listing source paths, one per line.")
    var fileList: String?

    @Option(name: [.customShort("d"), .customLong("destination")],
            help: "The output file; with --per-file, the output directory.")
    var destination: String

    @Option(name: [.customShort("x"), .customLong("exclude-suffixes")], parsing: .upToNextOption,
            help: "Skip files whose name (without .swift) ends with one of these.")
    var excludeSuffixes: [String] = []

    @Option(name: [.customShort("i"), .customLong("testable-imports")], parsing: .upToNextOption,
            help: "Modules to import with @testable.")
    var testableImports: [String] = []

    @Option(name: [.customShort("c"), .customLong("custom-imports")], parsing: .upToNextOption,
            help: "Extra modules to import.")
    var customImports: [String] = []

    @Option(name: .customLong("exclude-imports"), parsing: .upToNextOption, help: "Modules never to import.")
    var excludeImports: [String] = []

    @Option(name: .customLong("annotation"), help: "The comment marker of protocols to mock.")
    var annotation: String = "@mockable"

    @Option(name: .customLong("header"), help: "Text placed at the top of every output file.")
    var header: String?

    @Flag(name: .customLong("mock-final"), help: "Make mocks final classes.")
    var mockFinal = false

    @Flag(name: .customLong("enable-args-history"), help: "Record every method's arguments in fooArgValues.")
    var enableArgsHistory = false

    @Flag(name: .customLong("allow-set-call-count"), help: "Let tests set fooCallCount and fooSetCallCount.")
    var allowSetCallCount = false

    @Option(name: [.customLong("mocks", withSingleDash: true), .customLong("mockfiles")], parsing: .upToNextOption,
            help: "Mock files of modules the sources depend on; a parent protocol declared there is met by its mock's members.")
    var mockFiles: [String] = []

    @Option(name: .customLong("mock-filelist"), help: "A file listing mock files, one per line (instead of --mockfiles).")
    var mockFileList: String?

    @Option(name: .customLong("macro"), help: "Wrap the mocks in #if <macro> … #endif.")
    var macro: String?

    @Flag(name: .customLong("mock-all"), help: "Mock annotated classes too, as subclasses.")
    var mockAll = false

    @Flag(name: .customLong("disable-combine-default-values"),
          help: "Write AnyPublisher properties as plain settable properties, with no subject behind them.")
    var disableCombineDefaultValues = false

    @Flag(name: .customLong("use-template-func"), help: "Make each method body one call to a mockFunc helper.")
    var useTemplateFunc = false

    @Option(name: [.customShort("j"), .customLong("concurrency-limit")],
            help: "Threads for parsing and rendering (default: the number of cores).")
    var concurrencyLimit: Int?

    @Flag(name: .customLong("per-file"), help: "Write one <Source>Mocks.swift per source file into the destination directory.")
    var perFile = false

    @Option(name: .customLong("cache-dir"), help: "Where the incremental cache lives (default: ~/.cache/swift-pyramid/mocks).")
    var cacheDirectory: String?

    @Flag(name: .customLong("no-cache"), help: "Neither read nor write the cache.")
    var noCache = false

    @Flag(name: .customLong("quiet"), help: "Print warnings only, no summary.")
    var quiet = false

    @Flag(name: .customLong("timing"), help: "Print how long each phase took.")
    var timing = false

    package init() {}

    package mutating func validate() throws {
        if sourceDirectories.isEmpty && sourceFiles.isEmpty && fileList == nil {
            throw ValidationError("Give sources with -s/--sourcedirs, -srcs/--sourcefiles or -f/--filelist.")
        }
        if let concurrencyLimit, concurrencyLimit < 1 {
            throw ValidationError("-j/--concurrency-limit must be at least 1.")
        }
        if annotation.isEmpty {
            throw ValidationError("--annotation must not be empty.")
        }
        if let macro, macro.trimmingCharacters(in: .whitespaces).isEmpty || macro.contains("\n") {
            throw ValidationError("--macro must be a compilation condition on one line, such as DEBUG or MOCKS && DEBUG.")
        }
    }

    package func run() throws {
        let start = DispatchTime.now()
        let report: MockGenerationReport
        do {
            let sources = try SourceDiscovery.files(
                directories: sourceDirectories, files: sourceFiles, fileList: fileList, excludeSuffixes: excludeSuffixes)
            var options = RenderOptions(
                mockFinal: mockFinal, argumentsHistory: enableArgsHistory, header: header,
                testableImports: testableImports, customImports: customImports, excludeImports: excludeImports)
            options.allowSetCallCount = allowSetCallCount
            options.macro = macro
            options.mockClasses = mockAll
            options.disableCombineDefaultValues = disableCombineDefaultValues
            options.useTemplateFunc = useTemplateFunc
            var request = MockGenerationRequest(
                sources: sources, destination: destination, perFile: perFile, options: options,
                annotation: annotation,
                concurrency: concurrencyLimit ?? ProcessInfo.processInfo.activeProcessorCount,
                cacheDirectory: noCache ? nil : (cacheDirectory ?? MockGenerationRequest.defaultCacheDirectory))
            // As in mockolo, a mock file list replaces the files named one by one.
            if let mockFileList {
                request.mockFiles = try SourceDiscovery.files(directories: [], files: [], fileList: mockFileList, excludeSuffixes: [])
            } else {
                request.mockFiles = mockFiles
            }
            report = try MockGenerator.run(request)
        } catch {
            throw MocksFailure(description: error.description)
        }
        var warnings = report.diagnostics.map(\.description)
        if let cacheWarning = report.cacheWarning { warnings.append("warning: \(cacheWarning)") }
        if !warnings.isEmpty {
            FileHandle.standardError.write(Data((warnings.joined(separator: "\n") + "\n").utf8))
        }
        if timing {
            print(report.phases.map { "\($0.name) \(String(format: "%.3f", $0.seconds)) s" }.joined(separator: ", "))
        }
        guard !quiet else { return }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        let time = String(format: "%.3f s", seconds)
        if report.upToDate {
            print("pyramid mocks: up to date (\(counted(report.filesRead, "file")) read, nothing written) in \(time)")
        } else {
            var line = "pyramid mocks: \(counted(report.mocks, "mock")) from \(counted(report.filesRead, "file")) (\(report.filesWithProtocols) declare protocols); "
            line += "\(report.written.count) written, \(report.unchanged.count) unchanged"
            if !report.removed.isEmpty { line += ", \(report.removed.count) removed" }
            if !report.diagnostics.isEmpty { line += "; \(counted(report.diagnostics.count, "warning"))" }
            print(line + " in \(time)")
        }
    }
}

/// A run that could not finish: unreadable input or an unwritable output.
struct MocksFailure: Error, CustomStringConvertible {
    let description: String
}
