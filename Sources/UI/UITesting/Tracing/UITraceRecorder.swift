package import Foundation
package import PyramidIO
package import Testing
package import UITrace

/// Writes one test's UI trace as its steps happen (see ``UITraceEvent`` for the format).
///
/// Each step's line is written whole, with one `write`, when the step ends, so a test killed
/// mid-run leaves a trace that reads up to its last finished step. Evidence the app cannot give
/// (no screen after it ended) is left out of the step, never a reason to fail the test.
/// Text typed into a secure field is masked in the step's call and wherever it shows up later
/// (a page source, a console line).
package final class UITraceRecorder: Sendable {
    /// The recorder of the test running now, set by ``UITraceTrait``.
    @TaskLocal package static var current: UITraceRecorder?

    /// The trace's folder.
    package let folder: String
    private let handle: FileHandle
    private let started: Date
    private let state = Locked(State())

    private struct State {
        var steps = 0
        var resources: Set<String> = []
        var secrets: Set<String> = []
        var consoleSeen = 0
    }

    /// What replaces a secure field's text.
    package static let mask = "••••••"

    /// Starts a trace for `test` in `folder`, emptied first.
    ///
    /// - Throws: ``FileError`` when the folder cannot be made or written.
    package init(folder: String, test: String, now: Date = Date()) throws(FileError) {
        self.folder = folder
        self.started = now
        let manager = FileManager.default
        let path = folder + "/trace.jsonl"
        do {
            if manager.fileExists(atPath: folder) { try manager.removeItem(atPath: folder) }
            try manager.createDirectory(atPath: folder + "/resources", withIntermediateDirectories: true)
            guard manager.createFile(atPath: path, contents: nil) else { throw FileError(path: path, reason: "it cannot be created") }
            handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        } catch let error as FileError {
            throw error
        } catch {
            throw FileError(path: folder, reason: FileError.describe(error))
        }
        let header = UITraceHeader(
            format: UITraceHeader.formatName, version: UITraceHeader.currentVersion, test: test, started: now.timeIntervalSince1970)
        try append(Self.line(header), path: path)
    }

    deinit { try? handle.close() }

    /// Records a step: its evidence before (a screen, for actions), the step itself, then the
    /// screen, the page source and the new console lines after it. Returns what the step returned,
    /// and throws what it threw.
    package func step<Result: Sendable>(
        _ kind: UITraceEvent.Kind, call: String, target: String?, location: SourceLocation?, app: UIApp,
        _ body: () async throws -> Result
    ) async throws -> Result {
        let before = kind == .action ? store(png: try? await app.driver.screenshot()) : nil
        let start = Date()
        do {
            let value = try await body()
            await finish(kind, call: call, target: target, location: location, app: app, start: start, error: nil, before: before)
            return value
        } catch {
            await finish(kind, call: call, target: target, location: location, app: app, start: start, error: String(describing: error), before: before)
            throw error
        }
    }

    /// Records a wait that ended: `failure` says why it did not see what it waited for.
    package func wait(
        call: String, target: String, location: SourceLocation, app: UIApp, start: Date, failure: String?
    ) async {
        await finish(.wait, call: call, target: target, location: location, app: app, start: start, error: failure, before: nil)
    }

    /// Notes text typed into a secure field: it is masked wherever the trace would show it.
    package func noteSecret(_ text: String) {
        guard !text.isEmpty else { return }
        state.withValue { _ = $0.secrets.insert(text) }
    }

    /// `text` with every noted secret masked.
    package func masked(_ text: String) -> String {
        state.value.secrets.reduce(text) { $0.replacingOccurrences(of: $1, with: Self.mask) }
    }

    private func finish(
        _ kind: UITraceEvent.Kind, call: String, target: String?, location: SourceLocation?, app: UIApp,
        start: Date, error: String?, before: String?
    ) async {
        let duration = Date().timeIntervalSince(start)
        let running = kind != .terminate
        let after = running ? store(png: try? await app.driver.screenshot()) : nil
        let source = running ? store(text: try? await app.driver.source(), extension: "html") : nil
        var console: [String] = []
        if running, let lines = try? await app.driver.consoleMessages() {
            console = state.withValue { state in
                defer { state.consoleSeen = lines.count }
                return lines.count > state.consoleSeen ? Array(lines[state.consoleSeen...]) : []
            }
        } else if kind == .launch || kind == .terminate {
            state.withValue { $0.consoleSeen = 0 }
        }
        let index = state.withValue { state in
            state.steps += 1
            return state.steps
        }
        let event = UITraceEvent(
            index: index, kind: kind, call: masked(call), target: target, file: location?.fileID, line: location?.line,
            start: start.timeIntervalSince(started), duration: duration, error: error.map(masked),
            before: before, after: after, source: source, console: console.map(masked))
        try? append(Self.line(event), path: folder + "/trace.jsonl")
    }

    private func store(png: [UInt8]?) -> String? {
        png.map { store($0, extension: "png") }
    }

    private func store(text: String?, extension ext: String) -> String? {
        text.map { store(Array(masked($0).utf8), extension: ext) }
    }

    /// Writes `bytes` under `resources/`, named by their hash and size, once; returns the name.
    private func store(_ bytes: [UInt8], extension ext: String) -> String {
        let name = String(format: "%016llx", FNV1a.hash(bytes)) + "-\(bytes.count)." + ext
        let isNew = state.withValue { $0.resources.insert(name).inserted }
        if isNew { try? AtomicFile.write(bytes, to: folder + "/resources/" + name) }
        return name
    }

    private func append(_ line: [UInt8], path: String) throws(FileError) {
        do {
            try handle.write(contentsOf: line)
        } catch {
            throw FileError(path: path, reason: FileError.describe(error))
        }
    }

    static func line(_ value: some Encodable) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(((try? encoder.encode(value)) ?? Data("{}".utf8)) + Data("\n".utf8))
    }
}
