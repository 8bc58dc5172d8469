import Foundation
import HTTPStubsCore
import PyramidIO

/// The stub server's side of WireMock's record and playback (`/__admin/recordings/…`): a
/// recording proxies every request to the target and, when it stops, turns what the target
/// answered into stubs; a snapshot does the same from every proxied exchange kept so far.
final class ServerRecorder: Sendable {
    enum Status: Sendable {
        case neverStarted
        /// Recording since the exchange with this sequence number, through this proxy stub.
        case recording(RecordSpec, from: Int, proxyStub: UUID)
        case stopped
    }

    /// The name WireMock's status endpoint gives a state.
    var statusName: String {
        switch status.value {
        case .neverStarted: "NeverStarted"
        case .recording: "Recording"
        case .stopped: "Stopped"
        }
    }

    let status = Locked(Status.neverStarted)
    let registry: StubRegistry
    /// Where persisted recordings are written, if anywhere.
    let root: StubRootDirectory?

    init(registry: StubRegistry, rootDirectory: String?) {
        self.registry = registry
        self.root = rootDirectory.map(StubRootDirectory.init)
    }

    /// Starts recording through a proxy stub to the spec's target, ahead of every other stub.
    /// A spec that persists needs a root directory that can be written, checked now.
    func start(_ spec: RecordSpec) throws(RecordingError) {
        guard let target = spec.targetBaseURL else { throw RecordingError(status: 422, reason: "a recording needs targetBaseUrl") }
        if spec.persist {
            guard let root else {
                throw RecordingError(status: 422, reason: "this server has no root directory to save a recording in; start it with one, or send \"persist\": false")
            }
            do throws(StubRootError) {
                try root.prepareForWriting()
            } catch {
                throw RecordingError(status: 500, reason: error.description)
            }
        }
        let proxy = Stub(name: "recording proxy to \(target.absoluteString)", request: RequestPattern(), response: .proxy(to: target), priority: 1)
        let started = status.withValue { status -> Bool in
            if case .recording = status { return false }
            status = .recording(spec, from: registry.recordedExchangeCount, proxyStub: proxy.id)
            return true
        }
        guard started else { throw RecordingError(status: 409, reason: "a recording is already running; stop it first") }
        registry.add(proxy)
    }

    /// Stops the recording and returns its stubs, saved and served when its spec persists.
    func stop() throws(RecordingError) -> StubRecorder.Recording {
        let running = status.withValue { status -> (RecordSpec, Int, UUID)? in
            guard case .recording(let spec, let from, let proxyStub) = status else { return nil }
            status = .stopped
            return (spec, from, proxyStub)
        }
        guard let (spec, from, proxyStub) = running else { throw RecordingError(status: 409, reason: "no recording is running") }
        registry.remove(proxyStub)
        let exchanges = registry.recordedExchanges.filter { $0.sequence >= from && $0.target == spec.targetBaseURL }
        return try make(exchanges, spec: spec)
    }

    /// The stubs every proxied exchange kept so far makes, saved and served when `spec` persists.
    func snapshot(_ spec: RecordSpec) throws(RecordingError) -> StubRecorder.Recording {
        try make(registry.recordedExchanges, spec: spec)
    }

    private func make(_ exchanges: [RecordedExchange], spec: RecordSpec) throws(RecordingError) -> StubRecorder.Recording {
        let filesDirectory = root?.filesDirectory ?? FileManager.default.temporaryDirectory.path
        var recording = StubRecorder.record(exchanges, spec: spec, filesDirectory: filesDirectory)
        guard spec.persist else {
            // Nothing is written: bodies stay in the mappings.
            recording.stubs = recording.stubs.map { Self.inlined($0, files: recording.files, in: filesDirectory) }
            recording.files = []
            return recording
        }
        guard let root else { throw RecordingError(status: 422, reason: "this server has no root directory to save a recording in") }
        do throws(StubRootError) {
            recording.saved = try root.write(recording)
        } catch {
            throw RecordingError(status: 500, reason: error.description)
        }
        // The stubs of the mapping files a request recorded again replaced are served no more.
        for id in recording.saved?.replacedStubIDs ?? [] { registry.remove(id) }
        registry.add(recording.stubs)
        return recording
    }

    /// `stub` with a body it would read from `__files` carried inline instead.
    private static func inlined(_ stub: Stub, files: [(name: String, bytes: Data)], in folder: String) -> Stub {
        guard let response = stub.responses.first, case .file(let path) = response.body,
              let file = files.first(where: { URL(fileURLWithPath: folder).appendingPathComponent($0.name).standardizedFileURL.path == path })
        else { return stub }
        var inline = response
        inline.body = .data(file.bytes)
        return Stub(id: stub.id, name: stub.name, request: stub.request, response: inline, priority: stub.priority, scenario: stub.scenario)
    }
}

/// Why a recording could not start, stop or be saved: WireMock's admin API answers with
/// ``status`` and ``reason``.
package struct RecordingError: Error, Sendable, CustomStringConvertible {
    /// The HTTP status the admin API answers with.
    package var status: Int
    /// What went wrong, naming the file or field.
    package var reason: String

    package var description: String { reason }
}
