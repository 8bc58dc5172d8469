import CombineSchedulers
import ConcurrencyExtras
import Foundation
import OpenCombineShim
import PyramidIO
import Testing

@testable import Scenario

/// A search box that waits for typing to pause: the Swift concurrency way, with a clock.
@MainActor
private final class DebouncedSearch {
    var query = "" {
        didSet { schedule() }
    }
    private(set) var searches: [String] = []
    private var pending: Task<Void, Never>?
    private let clock: any Clock<Duration>

    init(clock: any Clock<Duration>) { self.clock = clock }

    private func schedule() {
        pending?.cancel()
        let query = query
        pending = Task { [clock] in
            do { try await clock.sleep(for: .milliseconds(300)) } catch { return }
            guard !query.isEmpty else { return }
            self.searches.append(query)
        }
    }
}

/// The same with Combine and a scheduler.
private final class CombineSearch: @unchecked Sendable {
    let query = CurrentValueSubject<String, Never>("")
    private(set) var searches: [String] = []
    private var cancellable: AnyCancellable?

    init(scheduler: AnySchedulerOf<DispatchQueue>) {
        cancellable = query
            .dropFirst()
            .debounce(for: .milliseconds(300), scheduler: scheduler)
            .filter { !$0.isEmpty }
            .sink { [unowned self] in self.searches.append($0) }
    }
}

@Suite("Virtual time")
struct VirtualTimeTests {
    @Test("a clock-based debounce fires exactly at 300 ms of virtual time, once for the last query")
    func clockDebounce() async throws {
        try await withVirtualTime { time in
            let search = DebouncedSearch(clock: time.clock)
            search.query = "a"
            search.query = "ap"
            search.query = "app"
            await time.advance(by: .milliseconds(299))
            #expect(search.searches.isEmpty)
            await time.advance(by: .milliseconds(1))
            #expect(search.searches == ["app"])
            #expect(time.clock.pendingSleeps.isEmpty)
        }
    }

    @Test("an empty query is never searched")
    func emptyQuery() async throws {
        try await withVirtualTime { time in
            let search = DebouncedSearch(clock: time.clock)
            search.query = ""
            await time.advance(by: .seconds(1))
            #expect(search.searches.isEmpty)
        }
    }

    @Test("a Combine debounce on the virtual scheduler fires at 300 ms, once")
    func combineDebounce() async throws {
        try await withVirtualTime { time in
            let search = CombineSearch(scheduler: time.scheduler.eraseToAnyScheduler())
            search.query.send("a")
            search.query.send("ap")
            search.query.send("app")
            #expect(time.scheduler.pendingActions == [.milliseconds(300)])
            await time.advance(by: .milliseconds(299))
            #expect(search.searches.isEmpty)
            await time.advance(by: .milliseconds(1))
            #expect(search.searches == ["app"])
            #expect(time.scheduler.pendingActions.isEmpty)
        }
    }

    @Test("a body that waits on a sleep nobody advances fails, lists the pending sleeps, and does not hang")
    func stallIsReported() async {
        let advanced = Locked(false)
        let issues = await capturingIssues {
            await #expect(throws: VirtualTimeStalled.self) {
                // The guard is real time. In a full parallel run a synchronous test can hold the
                // main actor for seconds, so the body may not even reach its advance in time:
                // what it did is recorded, and the report is checked against it.
                try await withVirtualTime(timeout: .seconds(2)) { time in
                    let sleeper = Task { try await time.clock.sleep(for: .seconds(5)) }
                    await time.advance(by: .seconds(1))
                    advanced.setValue(!time.clock.pendingSleeps.isEmpty)
                    try await sleeper.value
                }
            }
        }
        let text = issues.map { "\($0)" }.joined(separator: "\n")
        #expect(issues.count == 1)
        #expect(text.contains("did not finish within 2.0 seconds of real time"))
        if advanced.value {
            #expect(text.contains("Virtual time is at +1.0 seconds"))
            #expect(text.contains("pending: a sleep due at +5.0 seconds"))
        }
    }

    @Test("run() fires every pending sleep in deadline order")
    func runFiresAll() async throws {
        try await withVirtualTime { time in
            let order = LockIsolated<[Int]>([])
            for delay in [3, 1, 2] {
                Task { try await time.clock.sleep(for: .seconds(delay)); order.withValue { $0.append(delay) } }
            }
            await Task.yield()
            #expect(await time.clock.run())
            #expect(order.value == [1, 2, 3])
            #expect(time.clock.elapsed == .seconds(3))
        }
    }
}
