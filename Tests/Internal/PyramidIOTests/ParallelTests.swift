import ConcurrencyExtras
import PyramidIO
import Testing

@Suite("Parallel loops")
struct ParallelTests {
    @Test("concurrentForEach runs every index exactly once", arguments: [1, 2, 7, 64])
    func forEachRunsEachIndexOnce(count: Int) {
        let seen = LockIsolated([Int](repeating: 0, count: count))
        concurrentForEach(count) { index in seen.withValue { $0[index] += 1 } }
        #expect(seen.value == [Int](repeating: 1, count: count))
    }

    @Test("parallelMap keeps the input order and transforms each item once", arguments: [1, 2, 3, 16])
    func mapKeepsOrder(workers: Int) {
        let items = Array(0..<500)
        let calls = LockIsolated(0)
        let mapped = parallelMap(items, workers: workers) { item in
            calls.withValue { $0 += 1 }
            return "item \(item)"
        }
        #expect(mapped == items.map { "item \($0)" })
        #expect(calls.value == items.count)
    }

    @Test("parallelMap of nothing is nothing, with any number of workers", arguments: [0, 1, 4])
    func mapEmpty(workers: Int) {
        #expect(parallelMap([Int](), workers: workers) { $0 * 2 }.isEmpty)
    }

    @Test("parallelMap returns results that are not Sendable: objects made on the workers")
    func mapReturnsObjects() {
        final class Box {
            let value: Int
            init(_ value: Int) { self.value = value }
        }
        let boxes = parallelMap(Array(0..<100), workers: 4) { Box($0) }
        #expect(boxes.map(\.value) == Array(0..<100))
        #expect(Set(boxes.map(ObjectIdentifier.init)).count == 100)
    }
}
