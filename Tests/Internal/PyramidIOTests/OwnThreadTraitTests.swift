import PyramidTestSupport
import Testing


/// `.ownThread` (the test support's trait for synchronous tests that take a while): the test runs
/// on a queue of its own, not on the cooperative pool, and so do the tasks it starts.
@Suite("A test on a thread of its own")
struct OwnThreadTraitTests {
    @Test("a synchronous test with the trait runs on its own queue", .ownThread)
    func synchronous() {
        #expect(QueueExecutor.current == "synchronous()")
    }

    @Test("an async test with the trait, and a child task of it, run there too", .ownThread)
    func asynchronous() async {
        #expect(QueueExecutor.current != nil)
        async let child = QueueExecutor.current
        #expect(await child == QueueExecutor.current)
    }

    @Test("without the trait, a test runs on the cooperative pool")
    func withoutTrait() {
        #expect(QueueExecutor.current == nil)
    }
}
