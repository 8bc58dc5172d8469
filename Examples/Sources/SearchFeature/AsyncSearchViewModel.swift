import Observation

/// The search backend with async/await.
public protocol AsyncSearchServiceProtocol: Sendable {
    func search(query: String) async throws -> [SearchResult]
}

/// The same debounced search written with Swift concurrency and Observation: typing restarts
/// a 300 ms sleep on the injected clock; only a query that survives it is searched.
@MainActor
@Observable
public final class AsyncSearchViewModel {
    public var searchText = "" {
        didSet { if searchText != oldValue { scheduleSearch() } }
    }
    public private(set) var results: [SearchResult] = []
    public private(set) var isSearching = false

    @ObservationIgnored private let service: any AsyncSearchServiceProtocol
    @ObservationIgnored private let clock: any Clock<Duration>
    @ObservationIgnored private var pending: Task<Void, Never>?

    public init(service: any AsyncSearchServiceProtocol, clock: any Clock<Duration>) {
        self.service = service
        self.clock = clock
    }

    /// Returns once the search the last change of ``searchText`` scheduled has ended, or was
    /// cancelled by a newer one (the app shows its indicator until then).
    public func waitForPendingSearch() async {
        while let task = pending {
            await task.value
            if pending == task { return }
        }
    }

    private func scheduleSearch() {
        pending?.cancel()
        let query = searchText
        pending = Task { [clock, service] in
            do { try await clock.sleep(for: .milliseconds(300)) } catch { return }
            guard !query.isEmpty else { return }
            isSearching = true
            defer { isSearching = false }
            results = (try? await service.search(query: query)) ?? []
        }
    }
}
