import MockModel
import Testing

@Suite("Member naming (mockolo's overload rules)")
struct MemberNamingTests {
    static func method(_ name: String, _ labels: [String?], returns: String? = nil, generics: [String] = []) -> Member {
        .method(Method(
            name: name,
            genericParameters: generics.map { GenericParameter(name: $0) },
            parameters: labels.enumerated().map { index, label in
                Parameter(label: label, name: label ?? "arg\(index)", type: .named("Int"))
            },
            returnType: returns.map(TypeRef.named)))
    }

    @Test("the first declaration keeps the bare name; later ones add labels, then the return type")
    func overloads() {
        let members = [
            Self.method("fetch", ["id"]),
            Self.method("fetch", ["name"]),
            Self.method("fetch", [], returns: "User"),
            Self.method("load", []),
        ]
        let names = MemberNaming.baseNames(for: members)
        #expect(names == [0: "fetch", 1: "fetchName", 2: "fetchUser", 3: "load"])
    }

    @Test("identical signatures fall back to a number")
    func numbers() {
        let members = [Self.method("run", ["x"]), Self.method("run", ["x"]), Self.method("run", ["x"])]
        let names = MemberNaming.baseNames(for: members)
        #expect(Set(names.values).count == 3)
        #expect(names[0] == "run")
    }

    @Test("a later overload never takes a name an unrelated method already has")
    func noCollisionWithExistingNames() {
        let members = [Self.method("fetchName", []), Self.method("fetch", ["id"]), Self.method("fetch", ["name"])]
        let names = MemberNaming.baseNames(for: members)
        #expect(names[0] == "fetchName")
        #expect(names[1] == "fetch")
        #expect(names[2] != "fetchName")
    }

    @Test("statics and instance members are named separately")
    func staticScope() {
        var staticMake = Method(name: "make")
        staticMake.isStatic = true
        let names = MemberNaming.baseNames(for: [.method(Method(name: "make")), .method(staticMake)])
        #expect(names == [0: "make", 1: "make"])
    }
}
