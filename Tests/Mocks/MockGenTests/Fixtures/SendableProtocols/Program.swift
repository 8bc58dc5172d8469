@main
struct Program {
    static func main() async throws {
        let client = ItemClientMock()
        client.itemHandler = { id in Item(id: id) }
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<500 {
                group.addTask {
                    _ = try? await client.item(id: index)
                    client.cancel(id: index)
                }
            }
        }
        precondition(client.itemCallCount == 500, "no lost updates: \(client.itemCallCount)")
        precondition(client.cancelCallCount == 500, "no lost updates: \(client.cancelCallCount)")
        client.baseURL = "https://example.com"
        precondition(client.baseURL == "https://example.com" && client.baseURLSetCallCount == 1)
        ItemClientMock.sharedHandler = { 7 }
        precondition(ItemClientMock.shared() == 7 && ItemClientMock.sharedCallCount == 1)
        let derived = DerivedClientMock()
        let pinged = await derived.ping()
        precondition(pinged == false && derived.pingCallCount == 1)
        print("all checks passed")
    }
}
