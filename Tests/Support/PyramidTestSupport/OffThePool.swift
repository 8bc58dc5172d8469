import Dispatch

/// Runs blocking work (a child process, a wait on a file or a lock) on a thread of its own and
/// waits for it without holding one of the few threads every other test's tasks need.
package func offThePool<T: Sendable>(_ label: String = "offThePool", _ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue(label: label).async { continuation.resume(with: Result { try work() }) }
    }
}
