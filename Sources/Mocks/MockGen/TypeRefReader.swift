import MockModel
import SwiftSyntax

/// Reads a `TypeSyntax` into the model's `TypeRef`.
struct TypeRefReader {
    let source: SourceText

    func read(_ type: TypeSyntax) -> TypeRef {
        TypeRef(source.text(type), shape: shape(of: type))
    }

    func shape(of type: TypeSyntax) -> TypeRef.Shape {
        if let identifier = type.as(IdentifierTypeSyntax.self) {
            let arguments = genericArguments(identifier.genericArgumentClause)
            let name = identifier.name.text
            if name == "Optional", arguments.count == 1 { return .optional(arguments[0], implicitlyUnwrapped: false) }
            return .named(name, arguments: arguments)
        }
        if let member = type.as(MemberTypeSyntax.self) {
            let base = source.text(member.baseType)
            let arguments = genericArguments(member.genericArgumentClause)
            if base == "Swift", member.name.text == "Optional", arguments.count == 1 {
                return .optional(arguments[0], implicitlyUnwrapped: false)
            }
            return .named("\(base).\(member.name.text)", arguments: arguments)
        }
        if let optional = type.as(OptionalTypeSyntax.self) {
            return .optional(read(optional.wrappedType), implicitlyUnwrapped: false)
        }
        if let optional = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            return .optional(read(optional.wrappedType), implicitlyUnwrapped: true)
        }
        if let array = type.as(ArrayTypeSyntax.self) {
            return .array(read(array.element))
        }
        if let dictionary = type.as(DictionaryTypeSyntax.self) {
            return .dictionary(key: read(dictionary.key), value: read(dictionary.value))
        }
        if let tuple = type.as(TupleTypeSyntax.self) {
            let elements = Array(tuple.elements)
            if elements.count == 1, elements[0].firstName == nil, elements[0].ellipsis == nil {
                return shape(of: elements[0].type)
            }
            return .tuple(elements.map { element in
                TypeRef(source.text(element).trimmingTrailingComma, shape: shape(of: element.type))
            })
        }
        if let function = type.as(FunctionTypeSyntax.self) {
            return .function(
                parameters: function.parameters.map { read($0.type) },
                result: read(function.returnClause.type))
        }
        if let attributed = type.as(AttributedTypeSyntax.self) {
            return shape(of: attributed.baseType)
        }
        if let someOrAny = type.as(SomeOrAnyTypeSyntax.self) {
            let constraint = read(someOrAny.constraint)
            return someOrAny.someOrAnySpecifier.tokenKind == .keyword(.some) ? .opaque(constraint) : .existential(constraint)
        }
        if let metatype = type.as(MetatypeTypeSyntax.self) {
            return .metatype(read(metatype.baseType))
        }
        return .other
    }

    func genericArguments(_ clause: GenericArgumentClauseSyntax?) -> [TypeRef] {
        guard let clause else { return [] }
        return clause.arguments.map { argument in
            #if canImport(SwiftSyntax601)
            // Value generics (`InlineArray<3, Int>`): an argument is a type or an expression.
            switch argument.argument {
            case .type(let type): return read(type)
            case .expr(let expression): return TypeRef(source.text(expression), shape: .other)
            }
            #else
            // swift-syntax 600: every generic argument is a type.
            return read(argument.argument)
            #endif
        }
    }
}

extension String {
    var trimmingTrailingComma: String {
        var text = self
        while text.last == "," || text.last == " " { text.removeLast() }
        return text
    }
}
