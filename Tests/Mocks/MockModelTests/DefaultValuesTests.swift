import MockModel
import Testing

@Suite("Default values (mockolo's table)")
struct DefaultValuesTests {
    static func type(_ text: String, _ shape: TypeRef.Shape) -> TypeRef { TypeRef(text, shape: shape) }

    @Test("scalars, Foundation values, collections, optionals and tuples have defaults")
    func table() {
        let defaults = DefaultValues()
        #expect(defaults.value(for: .named("String")) == "\"\"")
        #expect(defaults.value(for: .named("Int64")) == "0")
        #expect(defaults.value(for: .named("Double")) == "0.0")
        #expect(defaults.value(for: .named("Bool")) == "false")
        #expect(defaults.value(for: .named("Data")) == "Data()")
        #expect(defaults.value(for: .named("URL")) == "URL(fileURLWithPath: \"\")")
        #expect(defaults.value(for: .named("Date")) == "Date()")
        #expect(defaults.value(for: Self.type("User?", .optional(.named("User"), implicitlyUnwrapped: false))) == "nil")
        #expect(defaults.value(for: Self.type("[User]", .array(.named("User")))) == "[User]()")
        #expect(defaults.value(for: Self.type("Set<Int>", .named("Set", arguments: [.named("Int")]))) == "Set<Int>()")
        #expect(defaults.value(for: Self.type("(Int, String)", .tuple([.named("Int"), .named("String")]))) == "(0, \"\")")
        #expect(defaults.value(for: Self.type("(Int, User)", .tuple([.named("Int"), .named("User")]))) == nil)
    }

    @Test("an annotated protocol's mock is its default; an unknown type has none")
    func mocks() {
        let defaults = DefaultValues(mocks: ["Service": "ServiceMock"], typealiases: ["Element": "String"])
        #expect(defaults.value(for: .named("Service")) == "ServiceMock()")
        #expect(defaults.value(for: .named("Element")) == "\"\"")
        #expect(defaults.value(for: .named("User")) == nil)
    }
}
