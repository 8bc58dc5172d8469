import SpecRunning
import LivingSpec
import Testing
import TestEventStream

@Suite("Shard selection")
struct ShardSelectionTests {
    static let names = [
        "AppTests.LoginTests/valid()", "AppTests.LoginTests/invalid(email:)", "AppTests.CartTests/add()",
        "AppUITests.LoginFlowUITests/testLogin()", "AppUITests.LoginFlowUITests/testLogout()",
    ]

    @Test("the filters select before the deal; the shards' shares cover the selection once; each filter selects one name")
    func share() throws {
        let shares = try (1...2).map { try ShardSelection.share(for: TestShard(index: $0, count: 2), of: Self.names, filters: ["Login"]) }
        #expect(shares.allSatisfy { $0.all.count == 4 && !$0.byDuration })
        #expect(Set(shares.flatMap(\.tests)) == Set(Self.names.filter { $0.contains("Login") }))
        #expect(shares[0].tests.count + shares[1].tests.count == 4)
        for share in shares {
            #expect(share.filters.count == share.tests.count)
        }
    }

    @Test("an empty share runs nothing rather than everything; a filter that is not a regular expression is refused")
    func edges() throws {
        let empty = try ShardSelection.share(for: TestShard(index: 3, count: 3), of: ["A.B/one()"], filters: [])
        #expect(empty.tests.isEmpty && empty.filters == ["^pyramid-shard-has-no-tests$"])
        #expect(throws: SpecError.self) { try ShardSelection.share(for: TestShard(index: 1, count: 2), of: Self.names, filters: ["(unclosed"]) }
    }
}
