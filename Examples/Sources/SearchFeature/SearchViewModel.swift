import CombineSchedulers
import Foundation
import OpenCombineShim

/// One search hit.
public struct SearchResult: Equatable, Sendable {
    public let title: String
    public let description: String

    public init(title: String, description: String) {
        self.title = title
        self.description = description
    }
}

/// The search backend, as seed 000 writes it: a publisher per query.
public protocol SearchServiceProtocol {
    func search(query: String) -> AnyPublisher<[SearchResult], Never>
}

/// Seed 000's debounced search: waits for 300 ms without typing, skips repeats and empty
/// queries, then searches. The scheduler is injected, so a test drives the 300 ms itself.
public final class SearchViewModel: ObservableObject {
    @Published public var searchText = ""
    @Published public private(set) var results: [SearchResult] = []

    public init(searchService: any SearchServiceProtocol, scheduler: AnySchedulerOf<DispatchQueue>) {
        $searchText
            .debounce(for: .milliseconds(300), scheduler: scheduler)
            .removeDuplicates()
            .filter { !$0.isEmpty }
            .flatMap { query in searchService.search(query: query) }
            .assign(to: &$results)
    }
}
