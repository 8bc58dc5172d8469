struct Stop: Error {}

@main
struct Program {
    static func main() throws {
        let mapping = MappingMock()
        mapping.mapHandler = { transform in try [1, 2, 3].map(transform) }
        // A non-throwing closure needs no `try`: the witness rethrows.
        let doubled = mapping.map { $0 * 2 }
        precondition(doubled == [2, 4, 6])
        do {
            _ = try mapping.map { _ in throw Stop() }
            preconditionFailure("the closure's error comes out")
        } catch is Stop {}
        precondition(mapping.mapCallCount == 2)
        let asProtocol: Mapping = mapping
        precondition(asProtocol.retry(times: 2) { "ok" } == "")
        print("all checks passed")
    }
}
