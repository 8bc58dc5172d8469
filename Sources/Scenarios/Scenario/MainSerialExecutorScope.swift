import ConcurrencyExtras
import PyramidIO

/// The one way swift-pyramid turns on swift-concurrency-extras' main serial executor, so that
/// overlapping users cannot leave it on.
///
/// The switch is process-wide (Swift's global-executor hook). `withMainSerialExecutor`
/// saves the switch, turns it on, and restores what it saved: when two scopes overlap (two
/// virtual-time tests running in parallel), the one that ends last restores "on", and every
/// global-executor job of the process then runs on the main actor for good. A test that
/// blocks the main thread afterwards stalls the whole run. Here the switch is counted: on
/// while at least one scope is open, off when the last one ends.
package enum MainSerialExecutorScope {
    private static let openScopes = Locked(ScopeCount())

    /// Runs `body` with the main serial executor on.
    @MainActor
    package static func run<R: Sendable>(_ body: @MainActor () async throws -> R) async rethrows -> R {
        open()
        defer { close() }
        return try await body()
    }

    /// Whether any scope is open now.
    package static var isOn: Bool { openScopes.value.open > 0 }

    private static func open() {
        openScopes.withValue { count in
            if count.opening() { uncheckedUseMainSerialExecutor = true }
        }
    }

    private static func close() {
        openScopes.withValue { count in
            if count.closing() { uncheckedUseMainSerialExecutor = false }
        }
    }
}

/// How many scopes are open, and when the switch must move.
package struct ScopeCount: Sendable {
    package private(set) var open = 0

    package init() {}

    /// A scope opens; returns whether the switch must turn on (it was the first).
    package mutating func opening() -> Bool {
        open += 1
        return open == 1
    }

    /// A scope closes; returns whether the switch must turn off (it was the last).
    package mutating func closing() -> Bool {
        open -= 1
        return open == 0
    }
}
