import Foundation
package import LivingSpec
import MutationReport
import PyramidIO
package import SpecRunning

/// `pyramid demo --mutants`' first step: `pyramid-mutants` on the reference app's unit and
/// integration levels, its reports written into the demo's `mutants` folder, and the level
/// table the spec and the index show. The tool runs as a child (it parses Swift with
/// swift-syntax, which `pyramid` does not link), built first when it is not there yet; its
/// progress lines go to `output` as they come.
package enum DemoFaults {
    /// The arguments `pyramid-mutants` runs with.
    package static func arguments(examples: String, reports: String, scratchPath: String?) -> [String] {
        ["--package-path", examples, "--level", "unit", "--level", "integration", "--output", reports]
            + (scratchPath.map { ["--scratch-path", $0] } ?? [])
    }

    /// Runs `tool` with ``arguments(examples:reports:scratchPath:)`` and reads the report it wrote.
    ///
    /// - Throws: ``DemoError/mutantsFailed(_:)`` when the tool cannot be built or started, ends
    ///   with a status other than 0 (what it said on standard error is in the message), or leaves
    ///   no report that can be read.
    package static func measure(
        examples: String, reports: String, scratchPath: String?, tool: SiblingTool,
        output: @escaping @Sendable (String) -> Void
    ) throws(DemoError) -> FaultsCaught {
        if !tool.isBuilt {
            output("Building \(tool.name), the mutation tester, for the first time…")
            let last = Locked(ContinuousClock.now)
            do {
                try tool.build { step in
                    let due = last.withValue { last -> Bool in
                        guard ContinuousClock.now - last >= .seconds(5) else { return false }
                        last = .now
                        return true
                    }
                    if due { output("  building: \(step.description)") }
                }
            } catch {
                throw .mutantsFailed("\(error)")
            }
        }
        let arguments = arguments(examples: examples, reports: reports, scratchPath: scratchPath)
        let child: ChildProcess
        do {
            child = try ChildProcess(executable: tool.path, arguments: arguments, output: .pipes)
        } catch {
            throw .mutantsFailed("\(tool.path) could not be started: \(FileError.describe(error))")
        }
        // Its summary (standard output) is not shown: the demo prints the level table itself.
        let summary = child.output
        let drained = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            _ = summary?.readDataToEndOfFile()
            drained.signal()
        }
        var said: [String] = []
        var partial: [UInt8] = []
        func hear(_ line: String) {
            said.append(line)
            output(line)
        }
        while let errors = child.errors {
            let chunk = errors.availableData
            if chunk.isEmpty { break }
            partial += chunk
            while let newline = partial.firstIndex(of: UInt8(ascii: "\n")) {
                hear(String(decoding: partial[..<newline], as: UTF8.self))
                partial.removeSubrange(...newline)
            }
        }
        if !partial.isEmpty { hear(String(decoding: partial, as: UTF8.self)) }
        drained.wait()
        let status = child.wait()
        guard status == 0 else {
            let error = said.firstIndex { $0.hasPrefix("Error: ") }.map { Array(said[$0...]) } ?? Array(said.suffix(10))
            throw .mutantsFailed("\(tool.name) \(arguments.joined(separator: " ")) exited with status \(status):\n" + error.joined(separator: "\n"))
        }
        do {
            return try MutationOutcome(reportAt: (reports as NSString).appendingPathComponent(MutationReports.jsonName)).faultsCaught
        } catch {
            throw .mutantsFailed("\(error)")
        }
    }
}
