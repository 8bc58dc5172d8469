/// Swift's reserved words, which a generated reference must wrap in backticks
/// (`` `default` ``, `` `in` ``) though a declaration's argument label need not.
enum SwiftKeywords {
    static let reserved: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do",
        "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while",
        "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
    ]

    /// `name`, in backticks when it is a reserved word.
    static func escaped(_ name: String) -> String {
        reserved.contains(name) ? "`\(name)`" : name
    }

    /// `name` as an argument label or tuple element label: only `inout`, `var` and `let`
    /// need backticks there, and escaping any other keyword draws a warning.
    static func label(_ name: String) -> String {
        name == "inout" || name == "var" || name == "let" ? "`\(name)`" : name
    }
}
