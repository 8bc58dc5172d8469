import Foundation
import Observation
import OpenCombineShim
import Testing

@testable import Scenario

@MainActor
@Observable
private final class LoadingModel {
    var isLoading = false
    var items: [Int] = []
    var failure: String?

    func load(_ fetch: @Sendable () async throws -> [Int]) async {
        isLoading = true
        failure = nil
        defer { isLoading = false }
        do { items = try await fetch() } catch { failure = "\(error)" }
    }
}

@MainActor
private final class PublishedModel: ObservableObject {
    @Published var isLoading = false
    @Published var items: [Int] = []

    func load(_ fetch: @Sendable () async -> [Int]) async {
        isLoading = true
        defer { isLoading = false }
        items = await fetch()
    }
}

@Suite("Recorders")
struct RecorderTests {
    @MainActor
    @Test("an @Observable property's every value, however briefly held: [false, true, false]")
    func observationLoadingSequence() async {
        let model = LoadingModel()
        let loading = ObservationRecorder(model, \.isLoading)
        let items = ObservationRecorder(model, \.items)
        await model.load { [1, 2] }
        #expect(loading.values == [false, true, false])
        #expect(items.values == [[], [1, 2]])
        #expect(loading.changeCount == 2)
    }

    @MainActor
    @Test("values set back to back with no suspension between them are each recorded")
    func observationBackToBack() {
        let model = LoadingModel()
        let recorder = ObservationRecorder(model, \.items)
        model.items = [1]
        model.items.append(2)
        model.items = []
        #expect(recorder.values == [[], [1], [1, 2], []])
    }

    @MainActor
    @Test("cancel stops recording and keeps what was recorded")
    func observationCancel() {
        let model = LoadingModel()
        let recorder = ObservationRecorder(model, \.items)
        model.items = [1]
        recorder.cancel()
        model.items = [2]
        model.items = [3]
        #expect(recorder.values == [[], [1]])
    }

    @MainActor
    @Test("a @Published property's every value through Combine (OpenCombine on Linux)")
    func publishedLoadingSequence() async {
        let model = PublishedModel()
        let loading = PublisherRecorder(model.$isLoading)
        await model.load { [7] }
        #expect(loading.values == [false, true, false])
        #expect(PublisherRecorder(model.$items).values == [[7]])
    }

    @Test("a publisher's completion is recorded with its values")
    func publisherCompletion() {
        struct Failure: Error {}
        let subject = PassthroughSubject<Int, Failure>()
        let recorder = PublisherRecorder(subject)
        subject.send(1)
        subject.send(2)
        #expect(recorder.completion == nil)
        subject.send(completion: .failure(Failure()))
        #expect(recorder.values == [1, 2])
        guard case .failure = recorder.completion else {
            Issue.record("expected a failure completion, got \(String(describing: recorder.completion))")
            return
        }
        let finishing = PassthroughSubject<String, Never>()
        let finished = PublisherRecorder(finishing)
        finishing.send(completion: .finished)
        #expect(finished.isFinished)
    }

    @Test("an AsyncSequence's elements, waited for without polling")
    func asyncSequence() async {
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        let recorder = AsyncSequenceRecorder(stream)
        continuation.yield(1)
        continuation.yield(2)
        // Hang guards far above the need: under a loaded CI, the recorder's task waited more than 10 s for a thread.
        #expect(await recorder.waitForValues(2, timeout: .seconds(300)) == [1, 2])
        continuation.yield(3)
        continuation.finish()
        #expect(await recorder.waitUntilFinished(timeout: .seconds(300)) == [1, 2, 3])
        #expect(recorder.isFinished)
        #expect(recorder.failure == nil)
    }

    @Test("a sequence that throws is recorded as finished with its error")
    func asyncSequenceFailure() async {
        struct Broken: Error {}
        let (stream, continuation) = AsyncThrowingStream<Int, any Error>.makeStream()
        let recorder = AsyncSequenceRecorder(stream)
        continuation.yield(1)
        continuation.finish(throwing: Broken())
        #expect(await recorder.waitUntilFinished(timeout: .seconds(300)) == [1])
        #expect(recorder.failure == "Broken()")
    }

    @Test("waiting for elements that never come fails and says what did arrive")
    func asyncSequenceStall() async {
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        let recorder = AsyncSequenceRecorder(stream)
        continuation.yield(5)
        // The element recorded first, however late the recorder's task is scheduled (a busy CI
        // machine once took longer than the short wait below): only then is the stall timed.
        #expect(await recorder.waitForValues(1, timeout: .seconds(60)) == [5])
        let issues = await capturingIssues {
            _ = await recorder.waitForValues(3, timeout: .milliseconds(50))
        }
        #expect(issues.count == 1)
        #expect("\(issues.first.map { String(describing: $0) } ?? "")".contains("3 elements; 1 arrived: [5]"))
        continuation.finish()
    }
}
