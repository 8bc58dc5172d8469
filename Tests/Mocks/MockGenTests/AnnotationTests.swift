import MockGen
import MockModel
import PyramidTestSupport
import Testing

@Suite("Annotation and source reading")
struct AnnotationTests {
    @Test("@mockable arguments: typealias, history, override and modifiers, over several doc lines")
    func arguments() throws {
        let source = """
            /// Talks to the server.
            /// @mockable(typealias: T = String; U = [Int];
            /// history: send = true; override: name = ChatMock; modifiers: delegate = weak)
            protocol Chat {
                associatedtype T
                associatedtype U
            }
            """
        let file = SourceFileReader.read(source: source, path: "Chat.swift")
        let annotation = try #require(file.protocols.first?.annotation)
        #expect(annotation.typealiases == ["T": "String", "U": "[Int]"])
        #expect(annotation.history == ["send": true])
        #expect(annotation.overrides == ["name": "ChatMock"])
        #expect(annotation.modifiers == ["delegate": "weak"])
    }

    @Test("fuzz finding: annotation arguments the mock's code cannot take are ignored with a warning, never copied into it")
    func unusableArguments() throws {
        let source = """
            /// @mockable(typealias: T = String]; U = [Int]; history: send = prue; fetch = false;
            /// override: name = Chat Mock; modifiers: delegate = rnal weak; owner = unowned; 1x = weak)
            protocol Chat {
                associatedtype T
                associatedtype U
            }
            """
        let file = SourceFileReader.read(source: source, path: "Chat.swift")
        let annotation = try #require(file.protocols.first?.annotation)
        #expect(annotation.typealiases == ["U": "[Int]"])
        #expect(annotation.history == ["fetch": false])
        #expect(annotation.overrides.isEmpty)
        #expect(annotation.modifiers == ["owner": "unowned"])
        #expect(file.diagnostics.map(\.message) == [
            "annotation argument typealias: T = String]: 'String]' is not a type; ignored",
            "annotation argument history: send = prue: history is true or false; ignored",
            "annotation argument override: name = Chat Mock: 'Chat Mock' is not a Swift name; ignored",
            "annotation argument modifiers: delegate = rnal weak: 'rnal' is not a modifier a mock's property can take (dynamic, unowned, weak); ignored",
            "annotation argument modifiers: 1x = weak: '1x' is not a Swift name; ignored",
        ])
        #expect(file.diagnostics.allSatisfy { $0.location.line == 3 })

        // Fuzz finding: a typealias 120 brackets deep, in the comment, took the parser hours.
        let deep = "/// @mockable(typealias: R = " + String(repeating: "[", count: 120) + "(String, Int))\nprotocol P { associatedtype R }"
        let read = SourceFileReader.read(source: deep, path: "Deep.swift")
        #expect(read.protocols.first?.annotation?.typealiases.isEmpty == true)
        #expect(read.diagnostics.first?.message.hasSuffix("is not a type; ignored") == true)
    }

    @Test("fuzz finding: an '=' with a form feed after it made swift-syntax's diagnostics trap (a Fix-It with no change); it is a syntax error at its line, and the protocol is still mocked")
    func equalWithFormFeed() async throws {
        let source = "/// @mockable\npublic protocol Store {\n    func load() -> Int\n}\nfinal class Cache {\n    var options =\u{0C} 1\n}\n"
        let read = try await offThePool { SourceFileReader.read(source: source, path: "Cache.swift") }
        #expect(read.protocols.map(\.name) == ["Store"])
        let diagnostic = try #require(read.diagnostics.first)
        #expect(diagnostic.location.line == 6 && diagnostic.location.column == 17, "\(diagnostic)")
        #expect(diagnostic.message == "syntax error: '=' must have consistent whitespace on both sides; protocols with errors are skipped, the others are mocked")
    }

    @Test("fuzz finding: brackets nested 91 deep made the parser run for hours; a file nested deeper than 12 is not read, and says so", .timeLimit(.minutes(5)))
    func deepBrackets() async throws {
        @Sendable func source(_ brackets: String, _ extra: String = "") -> String {
            """
            /// @mockable
            protocol Store { func load() -> [[Int]] }
            final class Cache {
                init() {
                    \(brackets) self.name = arg
                }
            }\(extra)
            """
        }
        let (deep, twelve, hidden) = try await offThePool {
            (SourceFileReader.read(source: source(String(repeating: "[", count: 91)), path: "Deep.swift"),
             SourceFileReader.read(source: source(String(repeating: "[", count: 12)), path: "Twelve.swift"),
             SourceFileReader.read(source: source("", "\n// " + String(repeating: "[", count: 40) + "\nlet s = \"" + String(repeating: "[", count: 40) + "\""), path: "Hidden.swift"))
        }
        #expect(deep.protocols.isEmpty)
        #expect(deep.diagnostics.map(\.message) == [
            "brackets nested 91 deep: swift-syntax's parser takes time exponential in that depth, so this file is not read (at most 12)",
        ])
        #expect(deep.diagnostics.first?.location.line == 5)
        #expect(twelve.protocols.map(\.name) == ["Store"], "12 levels are read")
        #expect(hidden.protocols.map(\.name) == ["Store"] && hidden.diagnostics.isEmpty, "brackets in comments and strings do not count: \(hidden.diagnostics)")
    }

    @Test("fuzz finding: a stray quote hid 68 brackets of code from the depth check (the parser then ran past the fuzzer's 10 minutes); a one-line string ends with its line, and an interpolation's brackets count", .timeLimit(.minutes(5)))
    func bracketsAfterAStrayQuote() async throws {
        let deep = String(repeating: "[", count: 40)
        let sources = [
            "stray.swift": "/// @mockable\nprotocol Store { func load() }\nlet a = id-mocks\")\nlet b = \(deep)1\n",
            "interpolation.swift": "/// @mockable\nprotocol Store { func load() }\nlet s = \"\\(\(deep)1)\"\n",
            "multiline.swift": "/// @mockable\nprotocol Store { func load() }\nlet s = \"\"\"\n  \"x\n  \(deep)\n  \"\"\"\nlet t = \"[\" + \"\\\"[[\"\n",
        ]
        let read = try await offThePool { sources.mapValues { SourceFileReader.read(source: $0, path: "S.swift") } }
        #expect(read["stray.swift"]?.diagnostics.first?.message.hasPrefix("brackets nested 40 deep") == true, "\(String(describing: read["stray.swift"]?.diagnostics))")
        #expect(read["stray.swift"]?.diagnostics.first?.location.line == 4)
        #expect(read["interpolation.swift"]?.diagnostics.first?.message.hasPrefix("brackets nested 40 deep") == true, "\(String(describing: read["interpolation.swift"]?.diagnostics))")
        // Inside a multi-line literal, quotes do not end it; its brackets are text.
        #expect(read["multiline.swift"]?.diagnostics.isEmpty == true && read["multiline.swift"]?.protocols.map(\.name) == ["Store"], "\(String(describing: read["multiline.swift"]?.diagnostics))")
    }

    @Test("a custom annotation marks protocols; @mockable alone does not then, nor does a longer word")
    func customAnnotation() {
        let source = """
            /// @mock
            protocol A {}
            /// @mockable
            protocol B {}
            /// @mockingbird
            protocol C {}
            """
        let file = SourceFileReader.read(source: source, path: "A.swift", annotation: "@mock")
        #expect(file.protocols.filter(\.isAnnotated).map(\.name) == ["A"])
    }

    @Test("imports keep their kind and #if, drop @testable; protocols get line numbers")
    func importsAndLocations() throws {
        let source = """
            import Foundation
            @testable import App
            import struct Models.User
            #if canImport(UIKit)
            import UIKit
            #endif

            /// @mockable
            protocol P {
                func run()
            }
            """
        let file = SourceFileReader.read(source: source, path: "P.swift")
        #expect(file.imports.map(\.declaration) == ["import Foundation", "import App", "import struct Models.User", "import UIKit"])
        #expect(file.imports.map(\.attributes) == [[], [], [], []])
        #expect(file.imports.map(\.conditions) == [[], [], [], ["canImport(UIKit)"]])
        let model = try #require(file.protocols.first)
        #expect(model.location.line == 9)
        if case .method(let method) = model.members.first { #expect(method.line == 10) } else { Issue.record("no method") }
    }
}
