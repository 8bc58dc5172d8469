@main
struct Program {
    static func main() async throws {
        let cache = CacheMock(size: 3, label: "start")
        cache.valueHandler = { key in key == "a" ? 1 : nil }
        precondition(cache.size == 3 && cache.label == "start")
        // Many tasks call the actor at once; the counts are exact and readable synchronously.
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<200 {
                group.addTask { _ = await cache.value(for: index.isMultiple(of: 2) ? "a" : "b") }
            }
        }
        precondition(cache.valueCallCount == 200, "every call counted: \(cache.valueCallCount)")
        let hit = await cache.value(for: "a")
        precondition(hit == 1)
        struct Failure: Error {}
        cache.storeHandler = { _, _ in throw Failure() }
        do {
            try await cache.store(1, for: "x")
            preconditionFailure("the handler's error is thrown")
        } catch is Failure {}
        cache.label = "changed"
        precondition(cache.labelSetCallCount == 1)
        precondition(cache.identifier() == "", "a nonisolated requirement answers without await")
        print("all checks passed")
    }
}
