import Testing
import TestEventStream

/// A test's identity across runs: Swift Testing's id without the line and column it is declared
/// at, made longer only where two tests of a run would share it.
@Suite("Test identity")
struct TestIdentityTests {
    @Test("a test moved down its file, beside a renamed sibling and in another order, keeps its identity; a renamed test gets a new one")
    func survivesEdits() {
        let before = ["Shop.CartTests/total()/CartTests.swift:7:6", "Shop.CartTests/sibling()/CartTests.swift:12:6"]
        let after = ["Shop.CartTests/renamedSibling()/CartTests.swift:9:6", "Shop.CartTests/total()/CartTests.swift:14:6"]
        #expect(TestIdentity.of(before) == ["Shop.CartTests/total()", "Shop.CartTests/sibling()"])
        #expect(TestIdentity.of(after) == ["Shop.CartTests/renamedSibling()", "Shop.CartTests/total()"])
    }

    @Test("a parameterised test keeps its parameter labels, so it is not the test of the same name without them")
    func parameterised() {
        let ids = ["M.S/total(items:)/S.swift:3:6", "M.S/total()/S.swift:9:6", "M.S/total(items:discount:)/S.swift:15:6"]
        #expect(TestIdentity.of(ids) == ["M.S/total(items:)", "M.S/total()", "M.S/total(items:discount:)"])
    }

    @Test("two tests sharing a name keep their file, or, in one file, their whole id; the others are shortened as usual")
    func sharedNames() {
        let ids = [
            "M/example()/A.swift:3:2", "M/example()/B.swift:3:2",
            "M/check(_:)/C.swift:4:2", "M/check(_:)/C.swift:9:2",
            "M.S/alone()/C.swift:20:6",
        ]
        let identities = TestIdentity.of(ids)
        #expect(identities == ["M/example()/A.swift", "M/example()/B.swift", "M/check(_:)/C.swift:4:2", "M/check(_:)/C.swift:9:2", "M.S/alone()"])
        #expect(Set(identities).count == ids.count, "no two tests of a run share an identity")
        #expect(TestIdentity.of(identities) == identities, "identities are their own identities")
    }

    @Test("XCTest's ids, ids without a place and names that only look like one are kept as they are")
    func keptAsTheyAre() {
        let ids = ["M.CartTests/testTotal", "M.S/total()", "M.S/version1_2()", "M.S/f()/:3:4", "M.S/f()/File.swift:x:4", "File.swift:3:4"]
        #expect(TestIdentity.of(ids) == ids)
        #expect(!TestIdentity.hasPlace("M.S/f()/File.swift:3"))
        #expect(TestIdentity.hasPlace("M.S/f()/File.swift:3:4"))
        #expect(TestIdentity.hasPlace("M.S/f()/ファイル.swift:30:14"))
    }
}
