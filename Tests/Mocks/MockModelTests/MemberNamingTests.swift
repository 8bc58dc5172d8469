import MockModel
import Testing

/// The names mockolo's own tests expect (its corpus, `OverloadTests` and `TuplesBracketsTests`),
/// reproduced by `MemberNaming`.
@Suite("Member naming (mockolo's overload rules)")
struct MemberNamingTests {
    static func type(_ text: String, _ shape: TypeRef.Shape? = nil) -> TypeRef {
        TypeRef(text, shape: shape ?? .named(text, arguments: []))
    }

    static func method(
        _ name: String, _ parameters: [(label: String?, name: String, type: String)] = [], returns: TypeRef? = nil,
        generics: [GenericParameter] = [], whereClause: String? = nil, isStatic: Bool = false
    ) -> Member {
        .method(Method(
            name: name, genericParameters: generics,
            parameters: parameters.map { Parameter(label: $0.label, name: $0.name, type: type($0.type)) },
            returnType: returns, isStatic: isStatic, whereClause: whereClause))
    }

    @Test("the first keeps the bare name; the rest take one more component at a time (push → pushState)")
    func overloads() {
        let members = [
            Self.method("push", [("state", "state", "State"), ("attachTransition", "attachTransition", "T")]),
            Self.method("push", [("state", "state", "State"), ("flag", "flag", "Bool"), ("attachTransition", "a", "T")]),
            Self.method("load"),
        ]
        #expect(MemberNaming.baseNames(for: members) == [0: "push", 1: "pushState", 2: "load"])
    }

    @Test("update(arg:some:) five times: update, updateArg, updateArgSome, updateArgSomeInt, updateArgSomeIntFloat")
    func ladder() {
        let parameters: [(label: String?, name: String, type: String)] = [("arg", "arg", "Int"), ("some", "some", "Float")]
        let members = [
            Self.method("update", parameters),
            Self.method("update", parameters, returns: Self.type("String")),
            Self.method("update", parameters, returns: Self.type("Int")),
            Self.method("update", parameters, returns: Self.type("Double")),
            Self.method("update", parameters, returns: Self.type("Bool")),
        ]
        #expect(MemberNaming.baseNames(for: members) == [
            0: "update", 1: "updateArg", 2: "updateArgSome", 3: "updateArgSomeInt", 4: "updateArgSomeIntFloat",
        ])
    }

    @Test("a parameter named like the method's end is left out: collectionView(_ collectionView:)")
    func suffixParameterLeftOut() {
        let members = [
            Self.method("collectionView", [(nil, "collectionView", "UICollectionView"), ("configure", "configure", "Int")]),
            Self.method("collectionView", [(nil, "collectionView", "UICollectionView"), ("configureCell", "cell", "Int")]),
        ]
        #expect(MemberNaming.baseNames(for: members) == [0: "collectionView", 1: "collectionViewConfigureCell"])
    }

    @Test("return types become name pieces: [[String]] → ArrayArrayString, truncated to 32 characters")
    func returnTypes() {
        let string = Self.type("String")
        let strings = TypeRef("[String]", shape: .array(string))
        let nested = TypeRef("[[String]]", shape: .array(strings))
        let long = TypeRef(
            "Observable<[SomeKey: SomeType]>",
            shape: .named("Observable", arguments: [
                TypeRef("[SomeKey: SomeType]", shape: .dictionary(key: Self.type("SomeKey"), value: Self.type("SomeType")))
            ]))
        let members = [
            Self.method("foo", returns: strings), Self.method("foo", returns: nested), Self.method("foo", returns: long),
        ]
        #expect(MemberNaming.baseNames(for: members) == [
            0: "foo", 1: "fooArrayArrayString", 2: "fooObservableDictionarySomeKeySomeT",
        ])
    }

    @Test("overloads differing only in where: connect, connectAdapter, connectAdapterT, connectAdapterTTKeyedAdapter3")
    func whereClauses() {
        let generic = [GenericParameter(name: "T")]
        let members = ["Adapter", "KeyedAdapter", "KeyedAdapter2", "KeyedAdapter3"].map { constraint in
            Self.method("connect", [("adapter", "adapter", "T")], generics: generic, whereClause: "T: \(constraint)")
        }
        #expect(MemberNaming.baseNames(for: members) == [
            0: "connect", 1: "connectAdapter", 2: "connectAdapterT", 3: "connectAdapterTTKeyedAdapter3",
        ])
    }

    @Test("a property keeps its name and pushes a method of that name down: var talk, func talk(_ dismiss:)")
    func propertyFirst() {
        let members: [Member] = [
            Self.method("talk", [(nil, "dismiss", "Bool")]),
            .property(Property(name: "talk", type: Self.type("Int"))),
        ]
        #expect(MemberNaming.baseNames(for: members) == [0: "talkDismiss"])
    }

    @Test("static and instance members share names: the static one takes mockolo's lowercase `static` last")
    func staticMembers() {
        let members = [Self.method("make"), Self.method("make", isStatic: true)]
        #expect(MemberNaming.baseNames(for: members) == [0: "make", 1: "makestatic"])
    }

    @Test("signatures mockolo cannot tell apart ([String: Int] and Dictionary<String, Int>) are numbered")
    func indistinguishable() {
        let dictionary = TypeRef.Shape.dictionary(key: Self.type("String"), value: Self.type("Int"))
        let members = [
            Self.method("update"),
            Self.method("update", returns: TypeRef("[String: Int]", shape: dictionary)),
            Self.method("update", returns: TypeRef("Dictionary<String, Int>", shape: dictionary)),
        ]
        let names = MemberNaming.baseNames(for: members)
        #expect(names[0] == "update" && names[1] == "updateDictionaryStringInt")
        #expect(names[2] == "updateDictionaryStringInt1")
    }

    @Test("a later overload never takes a name an earlier member already has")
    func noCollisionWithExistingNames() {
        let members = [Self.method("fetchName"), Self.method("fetch", [("id", "id", "Int")]), Self.method("fetch", [("name", "name", "Int")])]
        let names = MemberNaming.baseNames(for: members)
        #expect(names[0] == "fetchName" && names[1] == "fetch")
        #expect(Set(names.values).count == 3)
    }
}
