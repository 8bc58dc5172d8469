import Foundation
import PyramidTestSupport
import Testing

/// The shape ARCHITECTURE.md promises, checked on the checkout: feature folders, products by
/// audience, `package` where users have no business, one JSON value, the compiler's guards.
@Suite("Package structure")
struct PackageStructureTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func folders(_ path: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(path).path)
            .filter { !$0.hasPrefix(".") }.sorted()
    }

    static func swiftFiles(under path: String) -> [URL] {
        let base = root.appendingPathComponent(path)
        let files = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        return files.filter { $0.pathExtension == "swift" }
    }

    @Test("Sources has at most 12 feature folders, each holding targets; Tests mirrors them")
    func featureFolders() throws {
        let features = try Self.folders("Sources")
        #expect(features.count <= 12)
        #expect(features.count >= 8, "the features are there: \(features)")
        var targets = 0
        for feature in features {
            let members = try Self.folders("Sources/\(feature)")
            #expect(!members.isEmpty, "\(feature) holds no target")
            for target in members {
                targets += 1
                // A target folder holds sources (or a module map), never another group.
                let inside = try Self.folders("Sources/\(feature)/\(target)")
                #expect(!inside.isEmpty, "Sources/\(feature)/\(target) is empty")
            }
        }
        #expect(targets >= 28, "every target sits in a feature folder (\(targets) found)")
        // Test targets that check several targets together, named for what they check.
        let integration: Set = ["RemoteBrowserTests"]
        // Support holds test helpers, Fixtures test targets that other tests run (RetryFixtureTests).
        for feature in try Self.folders("Tests") where feature != "Support" && feature != "Fixtures" {
            #expect(features.contains(feature), "Tests/\(feature) mirrors no Sources folder")
            for testTarget in try Self.folders("Tests/\(feature)") where !integration.contains(testTarget) {
                let tested = String(testTarget.dropLast("Tests".count))
                #expect(testTarget.hasSuffix("Tests"), "Tests/\(feature)/\(testTarget)")
                #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent("Sources/\(feature)/\(tested)").path),
                        "Tests/\(feature)/\(testTarget) tests no Sources/\(feature)/\(tested)")
            }
        }
    }

    @Test("No test target depends on a macro target, which would build every module a second time for the host")
    func noTestTargetDependsOnAMacro() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let declarations = manifest.components(separatedBy: "\n        .")
        let macros = declarations.filter { $0.hasPrefix("macro(") }.compactMap(Self.targetName)
        #expect(macros.contains("VisualTestingMacros"), "the macro targets are found: \(macros)")
        let testTargets = declarations.filter { $0.hasPrefix("testTarget(") }
        #expect(testTargets.count >= 20, "the test targets are found (\(testTargets.count))")
        for testTarget in testTargets {
            let dependencies = testTarget.components(separatedBy: "path:").first ?? testTarget
            for macro in macros {
                #expect(!dependencies.contains("\"\(macro)\""), "\(Self.targetName(testTarget) ?? testTarget) depends on the macro \(macro)")
            }
        }
    }

    /// The `name:` of a target's declaration in the manifest.
    static func targetName(_ declaration: String) -> String? {
        guard let start = declaration.range(of: "name: \"") else { return nil }
        return declaration[start.upperBound...].split(separator: "\"", maxSplits: 1).first.map(String.init)
    }

    @Test("no module of Internal/ or Tools/ declares or imports anything public")
    func packageByDefault() throws {
        let folders = try ["Internal", "Tools"].flatMap { group in try Self.folders("Sources/\(group)").map { "Sources/\(group)/\($0)" } }
        // Every one of them, CZlib (a C module map) aside.
        #expect(folders.count == 12, "\(folders)")
        for folder in folders where !folder.hasSuffix("/CZlib") {
            let files = Self.swiftFiles(under: folder)
            #expect(!files.isEmpty, "\(folder) has sources")
            for file in files {
                let text = try String(contentsOf: file, encoding: .utf8)
                #expect(text.range(of: #"\bpublic\b"#, options: .regularExpression) == nil, "\(file.lastPathComponent) says public")
            }
        }
    }

    @Test("exactly one JSON value type is declared")
    func oneJSONValue() throws {
        let declarations = try Self.swiftFiles(under: "Sources").filter {
            try String(contentsOf: $0, encoding: .utf8).range(of: #"(enum|struct|class) JSONValue\b"#, options: .regularExpression) != nil
        }
        #expect(declarations.map(\.lastPathComponent) == ["JSONValue.swift"])
    }

    /// On Linux `DispatchQueue.global()` is the pool Swift concurrency runs every test's tasks on:
    /// a test that waits for a process there holds up every other test. Tests wait through
    /// `Program` (a queue of its own) instead; and no test calls `ChildProcess.run`, which blocks
    /// the thread it is called on.
    @Test("no test blocks the shared pool: no DispatchQueue.global(), no blocking ChildProcess.run")
    func noBlockingOnThePool() throws {
        let files = Self.swiftFiles(under: "Tests").filter { $0.lastPathComponent != "PackageStructureTests.swift" }
        #expect(files.count > 100, "the tests are there: \(files.count)")
        var offenders: [String] = []
        for file in files {
            // The code, not what comments say about it.
            let text = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
                .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
            if text.contains("DispatchQueue.global(") || (text.contains("ChildProcess.run(") && file.lastPathComponent != "Program.swift") {
                offenders.append(file.lastPathComponent)
            }
        }
        #expect(offenders.isEmpty, "\(offenders)")
    }

    @Test("every first-party target has the shared settings, with the three upcoming features")
    func compilerGuards() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        for feature in ["InternalImportsByDefault", "MemberImportVisibility", "ExistentialAny"] {
            #expect(manifest.contains(#".enableUpcomingFeature("\#(feature)")"#), "\(feature)")
        }
        let targets = manifest.components(separatedBy: ".target(").count - 1
            + manifest.components(separatedBy: ".testTarget(").count - 1
            + manifest.components(separatedBy: ".executableTarget(").count - 1
            + manifest.components(separatedBy: ".macro(").count - 1
        #expect(targets >= 40)
        #expect(manifest.components(separatedBy: "swiftSettings: strict").count - 1 == targets)
    }

    /// The manifest as `swift package dump-package` prints it.
    static func dumpedManifest() async throws -> [String: Any] {
        // A scratch folder of its own: the checkout's .build is locked by the `swift test` running this.
        let scratch = TemporaryFolder("pyramid-dump-package", create: true)
        let output = try await CLI.runProcess(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["swift", "package", "--scratch-path", scratch.path, "dump-package", "--package-path", Self.root.path])
        #expect(output.status == 0, "\(output.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
    }

    @Test("ARCHITECTURE.md's edges are Package.swift's: each target it names depends on the targets it lists, no more, no fewer", .timeLimit(.minutes(5)))
    func architectureEdges() async throws {
        let manifest = try await Self.dumpedManifest()
        let targets = try #require(manifest["targets"] as? [[String: Any]])
        let names = Set(targets.compactMap { $0["name"] as? String })
        // Each target's dependencies on targets of this package (PyramidIO, which everything may use, aside).
        var edges: [String: Set<String>] = [:]
        var groups: [String: String] = [:]
        for target in targets where (target["type"] as? String) != "test" {
            guard let name = target["name"] as? String else { continue }
            let dependencies = (target["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency -> String? in
                ((dependency["byName"] ?? dependency["target"]) as? [Any])?.first as? String
            }
            edges[name] = Set(dependencies).intersection(names).subtracting(["PyramidIO"])
            // Sources/<group>/<target>; plugins live in Plugins/, test helpers in Tests/Support/.
            let path = (target["path"] as? String)?.split(separator: "/").map(String.init) ?? []
            groups[name] = path.first == "Sources" && path.count > 1 ? path[1] : nil
        }
        let documented = try ArchitectureEdges.read(Self.root.appendingPathComponent("ARCHITECTURE.md"), targets: names)
        #expect(documented.count >= 15, "the edges are found: \(documented.keys.sorted())")
        for (target, listed) in documented.sorted(by: { $0.key < $1.key }) {
            #expect(listed.subtracting(["PyramidIO"]) == edges[target], "\(target): ARCHITECTURE.md lists \(listed.sorted()), Package.swift has \(edges[target]?.sorted() ?? [])")
        }
        // Every library, engine and adapter that depends on another target of ours is drawn.
        for (target, dependencies) in edges.sorted(by: { $0.key < $1.key }) where !dependencies.isEmpty && documented[target] == nil {
            if let group = groups[target], !["Internal", "Tools"].contains(group) {
                Issue.record("\(target) → \(dependencies.sorted()) is not in ARCHITECTURE.md's edges")
            }
        }
    }

    @Test("pyramid links no swift-syntax (its mocks and mutants run tools of their own), which pyramid-mutants and pyramid-mocks do; the mocks plugin's tool links only swift-syntax", .timeLimit(.minutes(5)))
    func pyramidWithoutSwiftSyntax() async throws {
        let manifest = try await Self.dumpedManifest()
        let targets = try #require(manifest["targets"] as? [[String: Any]])
        var targetEdges: [String: [String]] = [:]
        var packages: [String: Set<String>] = [:]
        for target in targets {
            guard let name = target["name"] as? String else { continue }
            for dependency in target["dependencies"] as? [[String: Any]] ?? [] {
                if let named = ((dependency["byName"] ?? dependency["target"]) as? [Any])?.first as? String {
                    targetEdges[name, default: []].append(named)
                } else if let product = dependency["product"] as? [Any], let package = product.dropFirst().first as? String {
                    packages[name, default: []].insert(package)
                }
            }
        }
        /// The outside packages `target` reaches, through the targets it depends on.
        func reached(from target: String) -> Set<String> {
            var seen: Set<String> = [], stack = [target], result: Set<String> = []
            while let next = stack.popLast() {
                guard seen.insert(next).inserted else { continue }
                result.formUnion(packages[next] ?? [])
                stack += targetEdges[next] ?? []
            }
            return result
        }
        #expect(!reached(from: "PyramidCLI").contains("swift-syntax"), "pyramid reaches \(reached(from: "PyramidCLI").sorted())")
        #expect(reached(from: "PyramidMutantsTool").contains("swift-syntax"))
        #expect(reached(from: "PyramidMocksTool").contains("swift-syntax"))
        // The mocks plugin's tool, which a package applying the plugin builds before anything
        // else, links swift-syntax and nothing else from outside: no ArgumentParser.
        #expect(targetEdges["PyramidMocksPlugin"] == ["PyramidMocksPluginTool"])
        #expect(reached(from: "PyramidMocksPluginTool") == ["swift-syntax"])
    }

    #if os(Linux)
    /// Every `pyramid` command pays for the libraries it loads as it starts: FoundationNetworking
    /// brings libcurl and twenty more, about 9 ms of a 16 ms start. Only `pyramid-stubs`, which
    /// proxies to real APIs through URLSession, loads them.
    @Test("pyramid loads no FoundationNetworking nor libcurl; pyramid-stubs does", .timeLimit(.minutes(5)))
    func pyramidWithoutFoundationNetworking() async throws {
        func libraries(_ executable: URL) async throws -> [String] {
            let run = try await Program.run(URL(fileURLWithPath: "/usr/bin/env"), ["ldd", executable.path])
            try #require(run.status == 0, "ldd \(executable.path): \(run.stderr)")
            return run.stdout.split(separator: "\n").compactMap { $0.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) }
        }
        let pyramid = try await libraries(CLI.executable)
        #expect(pyramid.contains { $0.hasPrefix("libFoundationEssentials") }, "\(pyramid)")
        #expect(!pyramid.contains { $0.hasPrefix("libFoundationNetworking") || $0.hasPrefix("libcurl") }, "\(pyramid)")
        let stubs = try await libraries(CLI.executable.deletingLastPathComponent().appendingPathComponent("pyramid-stubs"))
        #expect(stubs.contains { $0.hasPrefix("libFoundationNetworking") }, "\(stubs)")
    }
    #endif

    @Test("at most 11 library products, by audience; no MockModel or SnapshotReview product", .timeLimit(.minutes(5)))
    func products() async throws {
        let manifest = try await Self.dumpedManifest()
        let products = try #require(manifest["products"] as? [[String: Any]])
        let libraries = products.filter { ($0["type"] as? [String: Any])?["library"] != nil }.compactMap { $0["name"] as? String }
        #expect(libraries.count <= 11)
        #expect(Set(libraries).isSuperset(of: ["VisualTesting", "HTTPStubs", "HTTPStubsServer", "UITesting", "UITestingWeb", "Scenario"]))
        #expect(!libraries.contains("MockModel"))
        #expect(!libraries.contains("SnapshotReview"))
    }
}

/// The edges ARCHITECTURE.md's "Edges in detail" draws: `A` → `B`, `C`, chains `A` → `B` → `C`
/// included, each list read up to the end of its sentence, parentheses left out.
enum ArchitectureEdges {
    static func read(_ file: URL, targets: Set<String>) throws -> [String: Set<String>] {
        let text = try String(contentsOf: file, encoding: .utf8)
        guard let start = text.range(of: "Edges in detail") else { return [:] }
        let section = text[start.upperBound...].prefix { $0 != "#" }
        // One bullet a line, its continuation lines joined.
        let bullets = section.components(separatedBy: "\n- ").map { $0.replacingOccurrences(of: "\n  ", with: " ") }
        var edges: [String: Set<String>] = [:]
        for bullet in bullets {
            let segments = bullet.components(separatedBy: " → ")
            for index in segments.indices.dropLast() {
                // The source: the last name in backticks before the arrow.
                guard let source = names(in: withoutParentheses(segments[index])).last, targets.contains(source) else { continue }
                // Its list: up to the end of the sentence.
                var list = withoutParentheses(segments[index + 1])
                for end in [". ", ";", ":"] { if let cut = list.range(of: end) { list = String(list[..<cut.lowerBound]) } }
                if list.hasSuffix(".") { list.removeLast() }
                edges[source, default: []].formUnion(names(in: list).filter(targets.contains))
            }
        }
        return edges
    }

    static func names(in text: String) -> [String] {
        text.matches(of: /`([A-Za-z0-9_]+)`/).map { String($0.output.1) }
    }

    static func withoutParentheses(_ text: String) -> String {
        text.replacing(/\([^()]*\)/, with: "")
    }
}
