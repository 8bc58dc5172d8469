@main
struct Program {
    static func main() throws {
        let store = StoreMock(name: "mock")
        precondition(store.name == "mock" && store.level == 1)
        store.name = "renamed"
        store.capacity = 3
        precondition(store.nameSetCallCount == 1 && store.capacitySetCallCount == 1)

        precondition(!store.isOpen)
        store.isOpenHandler = { true }
        precondition(store.isOpen)

        let loaded = try store.load(id: 1)
        precondition(loaded == [] && store.loadCallCount == 1)
        store.priceHandler = { item in item == "tea" ? 2 : 0 }
        let asBase: Store = store
        precondition(asBase.price(of: "tea") == 2 && store.priceCallCount == 1)
        // No default for `Base`: the class answers.
        precondition(store.owner().level == 9)

        let other = StoreMock(level: 4)
        precondition(other.level == 4 && other.name == "")

        let counter = CounterMock()
        counter.nextHandler = { 7 }
        precondition(counter.next() == 7 && counter.nextCallCount == 1)
        print("all checks passed")
    }
}
