final class Draft {
    var text = ""
}

/// @mockable
@MainActor
protocol Presenter {
    var title: String { get set }
    func present(_ message: String)
    func load() async -> [String]
    func save(_ draft: Draft) async throws -> Bool
}

/// @mockable
protocol Tracker {
    @MainActor func track(_ event: String)
    @MainActor func upload(_ draft: Draft) async
    func flush() async
}

protocol Refreshing {
    var lastRefresh: Double { get set }
    func refresh() async
}

/// A main-actor protocol whose parent is not isolated: the mock's conformance is.
/// @mockable
@MainActor
protocol Screen: Refreshing {
    func appear()
}
