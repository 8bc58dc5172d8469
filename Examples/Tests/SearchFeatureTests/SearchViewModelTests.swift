import CombineSchedulers
import Foundation
import OpenCombineShim
import Scenario
import SearchFeature
import Testing

/// A hand-written fake, as in seed 000: counts calls and answers each query with three hits
/// after 100 ms on the given scheduler.
private final class FakeSearchService: SearchServiceProtocol, @unchecked Sendable {
    private(set) var queries: [String] = []
    let scheduler: AnySchedulerOf<DispatchQueue>

    init(scheduler: AnySchedulerOf<DispatchQueue>) { self.scheduler = scheduler }

    var searchCallCount: Int { queries.count }

    func search(query: String) -> AnyPublisher<[SearchResult], Never> {
        queries.append(query)
        let results = (0..<3).map { SearchResult(title: "\(query) \($0)", description: "Description") }
        return Just(results).delay(for: .milliseconds(100), scheduler: scheduler).eraseToAnyPublisher()
    }
}

@Suite("検索 (Combine)", .scenario)
struct SearchViewModelTests {
    @Test("素早く3回入力しても、300ms 後に最後の入力で1回だけ検索すること")
    func debounce() async throws {
        try await withVirtualTime { time in
            let scheduler = time.scheduler.eraseToAnyScheduler()
            let (viewModel, service) = await given("検索画面") {
                let service = FakeSearchService(scheduler: scheduler)
                return (SearchViewModel(searchService: service, scheduler: scheduler), service)
            }
            let results = PublisherRecorder(viewModel.$results)
            await when("「a」「ap」「app」と素早く入力する") {
                viewModel.searchText = "a"
                viewModel.searchText = "ap"
                viewModel.searchText = "app"
            }
            await then("299ms では、まだ検索しない") {
                await time.advance(by: .milliseconds(299))
                #expect(service.searchCallCount == 0)
            }
            await and("300ms で「app」を1回だけ検索する") {
                await time.advance(by: .milliseconds(1))
                #expect(service.queries == ["app"])
            }
            await and("100ms 後に3件の結果を表示する") {
                await time.advance(by: .milliseconds(100))
                #expect(viewModel.results.map(\.title) == ["app 0", "app 1", "app 2"])
                #expect(results.values.count == 2)
            }
        }
    }

    @Test("空の入力では検索しないこと")
    func emptyQuery() async throws {
        try await withVirtualTime { time in
            let scheduler = time.scheduler.eraseToAnyScheduler()
            let service = FakeSearchService(scheduler: scheduler)
            let viewModel = SearchViewModel(searchService: service, scheduler: scheduler)
            let results = PublisherRecorder(viewModel.$results)
            await when("空文字を入力して1秒待つ") {
                viewModel.searchText = ""
                await time.advance(by: .seconds(1))
            }
            await then("検索せず、結果も変わらない") {
                #expect(service.searchCallCount == 0)
                #expect(results.values == [[]])
                #expect(time.scheduler.pendingActions.isEmpty)
            }
        }
    }

    @Test("同じ入力に戻っても、続けて同じ語は検索しないこと")
    func duplicateQuery() async throws {
        try await withVirtualTime { time in
            let scheduler = time.scheduler.eraseToAnyScheduler()
            let service = FakeSearchService(scheduler: scheduler)
            let viewModel = SearchViewModel(searchService: service, scheduler: scheduler)
            viewModel.searchText = "app"
            await time.advance(by: .milliseconds(300))
            viewModel.searchText = "apple"
            viewModel.searchText = "app"
            await time.advance(by: .milliseconds(300))
            #expect(service.queries == ["app"])
        }
    }
}
