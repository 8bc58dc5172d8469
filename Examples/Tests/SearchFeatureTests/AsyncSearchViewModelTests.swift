import Foundation
import Scenario
import SearchFeature
import Testing

/// A fake that answers at once and remembers each query.
private final class FakeAsyncSearchService: AsyncSearchServiceProtocol, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [String] = []

    var queries: [String] { lock.withLock { recorded } }

    func search(query: String) async throws -> [SearchResult] {
        lock.withLock { recorded.append(query) }
        return (0..<3).map { SearchResult(title: "\(query) \($0)", description: "") }
    }
}

@Suite("検索 (async/await, Observation)", .scenario)
struct AsyncSearchViewModelTests {
    @Test("素早く3回入力しても、300ms 後に最後の入力で1回だけ検索すること")
    func debounce() async throws {
        try await withVirtualTime { time in
            let service = FakeAsyncSearchService()
            let viewModel = await given("検索画面") { AsyncSearchViewModel(service: service, clock: time.clock) }
            let searching = ObservationRecorder(viewModel, \.isSearching)
            await when("「a」「ap」「app」と素早く入力する") {
                viewModel.searchText = "a"
                viewModel.searchText = "ap"
                viewModel.searchText = "app"
            }
            await then("299ms では、まだ検索しない") {
                await time.advance(by: .milliseconds(299))
                #expect(service.queries.isEmpty)
            }
            await and("300ms で「app」を1回だけ検索し、結果を表示する") {
                await time.advance(by: .milliseconds(1))
                #expect(service.queries == ["app"])
                #expect(viewModel.results.count == 3)
                #expect(searching.values == [false, true, false])
            }
        }
    }

    @Test("空の入力では検索しないこと")
    func emptyQuery() async throws {
        try await withVirtualTime { time in
            let service = FakeAsyncSearchService()
            let viewModel = AsyncSearchViewModel(service: service, clock: time.clock)
            viewModel.searchText = "a"
            viewModel.searchText = ""
            await time.advance(by: .seconds(1))
            #expect(service.queries.isEmpty)
            #expect(time.clock.pendingSleeps.isEmpty)
        }
    }

    // pyramid mutants found this untested: the same text set again must not search again.
    @Test("同じ文字列をもう一度入れても、検索し直さないこと")
    func sameTextAgain() async throws {
        try await withVirtualTime { time in
            let service = FakeAsyncSearchService()
            let viewModel = AsyncSearchViewModel(service: service, clock: time.clock)
            viewModel.searchText = "app"
            await time.advance(by: .milliseconds(300))
            #expect(service.queries == ["app"])
            viewModel.searchText = "app"
            await time.advance(by: .seconds(1))
            #expect(service.queries == ["app"])
            #expect(time.clock.pendingSleeps.isEmpty)
        }
    }
}
