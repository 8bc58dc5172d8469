/// A few costly resources (browsers) made lazily, up to `capacity`, and lent to one user at
/// a time; the rest wait in line, first come first served.
///
/// It is the one pool of the package: the renderer's tabs and the UI tests' browsers both
/// lease through it. A resource that is no longer usable when it comes back is discarded,
/// and the next lease makes a new one. A resource that could not be made fails the lease
/// that asked for it, and also every queued lease when nothing else is left to wait for.
package actor LeasePool<Resource: AnyObject & Sendable> {
    package nonisolated let capacity: Int

    private let make: @Sendable () async throws -> Resource
    private nonisolated let isUsable: @Sendable (Resource) -> Bool
    private let discard: @Sendable (Resource) async -> Void

    private var idle: [Resource] = []
    private var live: [Resource] = []
    private var making = 0
    private var waiters: [CheckedContinuation<Resource, any Error>] = []
    private var made = 0

    /// - Parameters:
    ///   - capacity: at most this many resources live at once (at least 1).
    ///   - make: makes one resource.
    ///   - isUsable: checked when a resource comes back; `false` discards it.
    ///   - discard: ends a resource (on shutdown, or when it is no longer usable).
    package init(
        capacity: Int,
        make: @escaping @Sendable () async throws -> Resource,
        isUsable: @escaping @Sendable (Resource) -> Bool,
        discard: @escaping @Sendable (Resource) async -> Void
    ) {
        self.capacity = max(1, capacity)
        self.make = make
        self.isUsable = isUsable
        self.discard = discard
    }

    /// How many resources this pool has made so far.
    package var madeCount: Int { made }

    /// The resources alive now, lent or idle.
    package var resources: [Resource] { live }

    /// Lends a resource to `body`, then `prepareForNext` readies it for the next user (a
    /// failure there discards it), and takes it back. `body` runs in the caller's context;
    /// only the checking out and in are on the pool.
    package nonisolated func withLease<T: Sendable>(
        prepareForNext: @Sendable (Resource) async throws -> Void = { _ in },
        _ body: (Resource) async throws -> T
    ) async throws -> T {
        let resource = try await checkOut()
        let result: Result<T, any Error>
        do {
            result = .success(try await body(resource))
        } catch {
            result = .failure(error)
        }
        var usable = isUsable(resource)
        if usable {
            do { try await prepareForNext(resource) } catch { usable = false }
        }
        await checkIn(resource, usable: usable)
        return try result.get()
    }

    /// Ends every resource. Later leases make new ones.
    package func shutdown() async {
        let all = live
        live = []
        idle = []
        for resource in all { await discard(resource) }
    }

    private func checkOut() async throws -> Resource {
        if let resource = idle.popLast() { return resource }
        if live.count + making < capacity {
            making += 1
            do {
                let resource = try await make()
                making -= 1
                made += 1
                live.append(resource)
                return resource
            } catch {
                making -= 1
                // With nothing alive or being made, queued leases would wait forever: fail them too.
                if live.isEmpty && making == 0 {
                    let queued = waiters
                    waiters = []
                    for waiter in queued { waiter.resume(throwing: error) }
                }
                throw error
            }
        }
        return try await withCheckedThrowingContinuation { waiters.append($0) }
    }

    private func checkIn(_ resource: Resource, usable: Bool) async {
        guard usable else {
            live.removeAll { $0 === resource }
            await discard(resource)
            if !waiters.isEmpty {
                let waiter = waiters.removeFirst()
                Task {
                    do { waiter.resume(returning: try await self.checkOut()) } catch { waiter.resume(throwing: error) }
                }
            }
            return
        }
        if waiters.isEmpty {
            idle.append(resource)
        } else {
            waiters.removeFirst().resume(returning: resource)
        }
    }
}
