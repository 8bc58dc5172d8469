import Foundation
import MockGen
import MockModel

// The mocks build plugin's tool: `pyramid-mocks` without its command line, so that a package
// applying the plugin builds, before anything else, only what generating mocks needs (the
// plugin's tool is built for the host ahead of the rest of the build, and ArgumentParser's host
// copy was on that path). The plugin alone runs it, with exactly these arguments:
//
//     PyramidMocksPluginTool --output FILE --cache-dir DIR [--testable-import MODULE]... -- SOURCE...
//
// Exit codes are pyramid-mocks': 0 success, 2 any error.

/// What the plugin asked for, or why its arguments are not what the plugin passes.
struct PluginRequest {
    var output: String?
    var cacheDirectory: String?
    var testableImports: [String] = []
    var sources: [String] = []

    init(arguments: [String]) throws(PluginArgumentError) {
        var remaining = arguments[...]
        func value(of option: String) throws(PluginArgumentError) -> String {
            guard let value = remaining.popFirst(), !value.hasPrefix("--") else { throw PluginArgumentError("\(option) needs a value") }
            return value
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--output": output = try value(of: argument)
            case "--cache-dir": cacheDirectory = try value(of: argument)
            case "--testable-import": testableImports.append(try value(of: argument))
            case "--": sources = Array(remaining); remaining = []
            default: throw PluginArgumentError("unknown argument '\(argument)'")
            }
        }
        if output == nil { throw PluginArgumentError("--output is missing") }
        if cacheDirectory == nil { throw PluginArgumentError("--cache-dir is missing") }
        if sources.isEmpty { throw PluginArgumentError("no source file after --") }
    }
}

struct PluginArgumentError: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("PyramidMocksPluginTool: \(message)\n".utf8))
    exit(2)
}

let request: PluginRequest
do {
    request = try PluginRequest(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
    fail("\(error.reason) (usage: --output FILE --cache-dir DIR [--testable-import MODULE]... -- SOURCE...)")
}
do {
    let report = try MockGenerator.run(MockGenerationRequest(
        sources: request.sources, destination: request.output!,
        options: RenderOptions(testableImports: request.testableImports),
        cacheDirectory: request.cacheDirectory))
    var warnings = report.diagnostics.map(\.description)
    if let cacheWarning = report.cacheWarning { warnings.append("warning: \(cacheWarning)") }
    if !warnings.isEmpty {
        FileHandle.standardError.write(Data((warnings.joined(separator: "\n") + "\n").utf8))
    }
} catch {
    fail(error.description)
}
