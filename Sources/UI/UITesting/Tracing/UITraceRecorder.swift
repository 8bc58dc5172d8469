package import Foundation
package import PyramidIO
package import Testing
import TraitSupport
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
    /// Held while a line is written.
    private let writing = Locked(())

    private struct State {
        var steps = 0
        var resources: Set<String> = []
        var secrets: Set<String> = []
        var consoleSeen = 0
        /// The drivers that stream what their app does, each with its stream (nil while it starts).
        var streams: [ObjectIdentifier: UITraceStream?] = [:]
        /// The drivers that keep evidence, whose last console lines and requests the end takes.
        var sources: [ObjectIdentifier: any UITraceEvidenceSource] = [:]
        /// Each such driver's last page source, for a step after which the page did not change.
        var lastSource: [ObjectIdentifier: String] = [:]
        var ended = false
        /// How much of the test's stub journal the trace has shown.
        var journalSeen = 0
        /// Set once the streams have stopped: nothing streamed is written after the end line.
        var closed = false
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
    /// screen, the page source, the new console lines and the requests after it. Returns what the
    /// step returned, and throws what it threw. A streaming driver (the web driver on a local
    /// browser) writes its app's screens, console lines, requests and sources into the trace as
    /// they happen, and the step waits for none of them.
    package func step<Result: Sendable>(
        _ kind: UITraceEvent.Kind, call: String, target: String?, location: SourceLocation?, function: String? = nil, app: UIApp,
        _ body: () async throws -> Result
    ) async throws -> Result {
        let streams = await startStream(app.driver)
        let before = kind == .action && !streams ? store(png: try? await app.driver.screenshot()) : nil
        let start = Date()
        do {
            let value = try await body()
            await finish(kind, call: call, target: target, location: location, function: function, app: app, start: start, error: nil, before: before)
            return value
        } catch {
            await finish(
                kind, call: call, target: target, location: location, function: function, app: app, start: start,
                error: String(describing: error), before: before)
            throw error
        }
    }

    /// Records a wait that ended: `failure` says why it did not see what it waited for.
    package func wait(
        call: String, target: String, location: SourceLocation, function: String? = nil, app: UIApp, start: Date, failure: String?
    ) async {
        await finish(.wait, call: call, target: target, location: location, function: function, app: app, start: start, error: failure, before: nil)
    }

    /// Notes text typed into a secure field: it is masked wherever the trace would show it.
    package func noteSecret(_ text: String) {
        guard !text.isEmpty else { return }
        state.withValue { _ = $0.secrets.insert(text) }
    }

    /// `text` with every noted secret masked, and every quoted string that holds the beginning of
    /// one: an app that sees the text as it is typed, a character at a time, sends and shows each
    /// beginning (`{"value":"passw"}`). A quoted string that merely looks like a beginning (a field
    /// named `"password"` for the secret `password123`) is masked too: the trace errs on the side
    /// of the secret.
    package func masked(_ text: String) -> String {
        let secrets = state.value.secrets
        guard !secrets.isEmpty else { return text }
        let patterns = secrets.map { Array($0.utf8) }.sorted { $0.count > $1.count }
        let whole = patterns.reduce(Array(text.utf8)) { Self.replacing($1, in: $0) }
        return String(decoding: Self.maskingQuotedBeginnings(of: patterns, in: whole), as: UTF8.self)
    }

    /// `bytes` with every occurrence of `secret`, from the left, replaced by the mask.
    static func replacing(_ secret: [UInt8], in bytes: [UInt8]) -> [UInt8] {
        guard let first = secret.first, bytes.count >= secret.count else { return bytes }
        let mask = Array(Self.mask.utf8)
        var out: [UInt8] = []
        var copied = 0
        var index = 0
        while let found = bytes[index...].firstIndex(of: first) {
            guard found + secret.count <= bytes.count else { break }
            if bytes[found..<(found + secret.count)].elementsEqual(secret) {
                out.append(contentsOf: bytes[copied..<found])
                out.append(contentsOf: mask)
                index = found + secret.count
                copied = index
            } else {
                index = found + 1
            }
        }
        guard copied > 0 else { return bytes }
        out.append(contentsOf: bytes[copied...])
        return out
    }

    /// `bytes` with the content of each `"…"` on one line that begins one of `secrets` masked
    /// (compared as written, escapes and all): JSON's strings, and the attributes of a page's
    /// source as the browser writes it.
    static func maskingQuotedBeginnings(of secrets: [[UInt8]], in bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        let mask = Array(Self.mask.utf8)
        var index = 0
        while index < bytes.count {
            let quote = bytes[index]
            out.append(quote)
            index += 1
            guard quote == UInt8(ascii: "\"") else { continue }
            var end = index
            while end < bytes.count, bytes[end] != quote, bytes[end] != UInt8(ascii: "\n") {
                end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
            }
            // No closing quote on the line: the quote was a character like any other.
            guard end < bytes.count, bytes[end] == quote else { continue }
            let content = bytes[index..<end]
            let isBeginning = !content.isEmpty && secrets.contains { $0.count >= content.count && $0.starts(with: content) }
            out.append(contentsOf: isBeginning ? mask[...] : content)
            out.append(quote)
            index = end + 1
        }
        return out
    }

    private func finish(
        _ kind: UITraceEvent.Kind, call: String, target: String?, location: SourceLocation?, function: String? = nil, app: UIApp,
        start: Date, error: String?, before: String?
    ) async {
        let duration = Date().timeIntervalSince(start)
        let running = kind != .terminate
        // A streaming driver's screens, console lines, requests and sources come on their own;
        // what the step should have and has not come yet is asked for now, and comes with the
        // step's end as its time (a trace's reader places lines by time, not by their order).
        let streams = await startStream(app.driver)
        if streams, running, let source = app.driver as? any UITraceEvidenceSource,
           let stream = state.value.streams[ObjectIdentifier(source)] ?? nil {
            stream.flush(start.timeIntervalSince1970 + duration)
        }
        let after = running && !streams ? store(png: try? await app.driver.screenshot()) : nil
        let evidence = running && !streams ? await evidence(from: app.driver, launched: kind == .launch) : UITraceEvidence()
        let source: String?
        if streams || !running {
            source = nil
        } else if evidence.sourceUnchanged, let driver = app.driver as? any UITraceEvidenceSource {
            source = state.value.lastSource[ObjectIdentifier(driver)]
        } else {
            var text = evidence.source
            if text == nil, let provider = app.driver as? any UITraceSourceProviding { text = try? await provider.traceSource() }
            if text == nil { text = try? await app.driver.source() }
            source = store(text: text, extension: "html")
            if let source, let driver = app.driver as? any UITraceEvidenceSource {
                state.withValue { $0.lastSource[ObjectIdentifier(driver)] = source }
            }
        }
        if kind == .terminate { state.withValue { $0.consoleSeen = 0 } }
        let network = masked(evidence.network) + stubRequests(at: Date())
        let index = state.withValue { state in
            state.steps += 1
            return state.steps
        }
        let event = UITraceEvent(
            index: index, kind: kind, call: masked(call), target: target, file: location?.fileID, line: location?.line,
            start: start.timeIntervalSince(started), duration: duration, error: error.map(masked),
            before: before, after: after, source: source, console: evidence.console.map(masked),
            network: network.isEmpty ? nil : network, group: CurrentScenarioStep.label, function: function)
        try? append(Self.line(event), path: folder + "/trace.jsonl")
    }

    /// What the test's HTTP stubs answered since the last step (`.httpStubs`), as requests of
    /// kind `stub` ending now.
    private func stubRequests(at now: Date) -> [UITraceRequest] {
        guard let read = CurrentStubJournal.read else { return [] }
        let (lines, next) = read(state.value.journalSeen)
        state.withValue { $0.journalSeen = max($0.journalSeen, next) }
        return masked(lines.map { line in
            UITraceRequest(
                kind: "stub", method: line.method, url: line.url, status: line.status, start: now.timeIntervalSince1970, duration: 0,
                requestBody: line.requestBody, error: line.failure, stub: line.stub)
        })
    }

    /// `requests` as a trace keeps them: credentials and secrets masked, bodies cut, times from the trace's start.
    private func masked(_ requests: [UITraceRequest]) -> [UITraceRequest] {
        requests.map { request in
            var request = request
            request.url = masked(UITraceRequest.masking(url: request.url))
            request.start = request.start - started.timeIntervalSince1970
            request.requestHeaders = UITraceRequest.masking(request.requestHeaders)?.mapValues(masked)
            request.responseHeaders = UITraceRequest.masking(request.responseHeaders)?.mapValues(masked)
            request.requestBody = UITraceRequest.bounded(request.requestBody.map(masked))
            request.responseBody = UITraceRequest.bounded(request.responseBody.map(masked))
            request.error = request.error.map(masked)
            return request
        }
    }

    /// Starts the stream of `driver` the first time a step uses it, when it has one; says whether
    /// what its app does comes from one.
    private func startStream(_ driver: any UIDriver) async -> Bool {
        guard let source = driver as? any UITraceEvidenceSource else { return false }
        let key = ObjectIdentifier(source)
        let starts = state.withValue { state -> Bool in
            guard !state.ended, state.streams.index(forKey: key) == nil else { return false }
            state.streams[key] = .some(nil)
            state.sources[key] = source
            return true
        }
        guard starts else { return state.value.streams[key] != nil }
        let stream = await source.startTraceStream { [weak self] item in self?.write(item) }
        let stopNow = state.withValue { state -> Bool in
            if let stream { state.streams[key] = .some(stream) } else { state.streams[key] = nil }
            return state.ended
        }
        if stopNow, let stream { await stream.stop() }
        return stream != nil
    }

    /// Writes what a stream handed over as a line of its own, masked, its time from the trace's start.
    private func write(_ item: UITraceStreamItem) {
        guard !state.value.closed else { return }
        let origin = started.timeIntervalSince1970
        let line: [UInt8]
        switch item {
        case .frame(let jpeg, let painted):
            line = Self.line(UITraceFrame(frame: store(jpeg, extension: "jpeg"), time: painted - origin))
        case .console(let text, let time):
            line = Self.line(UITraceConsoleLine(console: masked(text), time: time - origin))
        case .request(let request):
            line = Self.line(UITraceRequestLine(request: masked([request])[0]))
        case .snapshot(let source, let time):
            guard let name = store(text: source, extension: "html") else { return }
            line = Self.line(UITraceSnapshot(snapshot: name, time: time - origin))
        }
        try? append(line, path: folder + "/trace.jsonl")
    }

    /// Ends the trace: takes the console lines and requests that came after the last step (a
    /// stream hands over what it has before it stops), and writes the end line. Steps after it
    /// are still written; streamed lines are not.
    package func end(now: Date = Date()) async {
        let (stops, drained) = state.withValue { state -> ([@Sendable () async -> Void], [any UITraceEvidenceSource]) in
            guard !state.ended else { return ([], []) }
            state.ended = true
            let streaming = state.streams.compactMapValues { $0 }
            return (streaming.values.map(\.stop), state.sources.filter { streaming[$0.key] == nil }.map(\.value))
        }
        var last = UITraceEvidence()
        for source in drained {
            guard let evidence = try? await source.takeTraceEvidence() else { continue }
            last.console += evidence.console
            last.network += evidence.network
        }
        for stop in stops { await stop() }
        state.withValue { $0.closed = true }
        let end = UITraceEnd(
            end: now.timeIntervalSince(started), console: last.console.isEmpty ? nil : last.console.map(masked),
            network: last.network.isEmpty ? nil : masked(last.network))
        try? append(Self.line(end), path: folder + "/trace.jsonl")
    }

    /// The console lines and requests since the last step: in one call from a driver that keeps
    /// them (the web driver), else the console lines not yet seen, counted from a launch.
    private func evidence(from driver: any UIDriver, launched: Bool) async -> UITraceEvidence {
        if let source = driver as? any UITraceEvidenceSource {
            return (try? await source.takeTraceEvidence()) ?? UITraceEvidence()
        }
        if launched { state.withValue { $0.consoleSeen = 0 } }
        guard let lines = try? await driver.consoleMessages() else { return UITraceEvidence() }
        return UITraceEvidence(console: state.withValue { state in
            // Fewer lines than seen: the app started again, and all of them are new.
            let seen = lines.count >= state.consoleSeen ? state.consoleSeen : 0
            state.consoleSeen = lines.count
            return Array(lines[seen...])
        })
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

    /// Appends a line whole: steps and screencast frames come from different tasks.
    private func append(_ line: [UInt8], path: String) throws(FileError) {
        let failure = writing.withValue { _ -> (any Error)? in
            do {
                try handle.write(contentsOf: line)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw FileError(path: path, reason: FileError.describe(failure)) }
    }

    static func line(_ value: some Encodable) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(((try? encoder.encode(value)) ?? Data("{}".utf8)) + Data("\n".utf8))
    }
}
