import Foundation
@testable import Mutation
import MutationReport
import PyramidTestSupport
import Testing

/// The mutants' workspace: a copy of the package with the mutants planted, the user's files untouched.
@Suite("The mutants' workspace")
struct MutantWorkspaceTests {
    let folder = TemporaryFolder("pyramid-workspace", create: true)

    /// A package at `folder/Work/App` that depends on `../Dep` by path, with a build folder and a git folder.
    func makePackage() throws -> String {
        let package = folder.path("Work/App")
        let files = [
            "Package.swift": """
                // swift-tools-version: 6.0
                import PackageDescription
                let package = Package(name: "App", dependencies: [.package(path: "../Dep"), .package(url: "https://example.com/x", from: "1.0.0")],
                    targets: [.target(name: "App", path: "Sources/App"), .testTarget(name: "AppTests", dependencies: ["App"])])
                """,
            "Sources/App/Age.swift": "func isAdult(_ age: Int) -> Bool { age >= 18 }\n",
            "Sources/App/Plain.swift": "struct Plain { var name: String }\n",
            "Tests/AppTests/AgeTests.swift": "import Testing\n@testable import App\n@Test func adult() { #expect(isAdult(18)) }\n",
            ".build/debug/junk": "junk",
            ".git/HEAD": "ref: refs/heads/main",
        ]
        for (name, text) in files {
            let path = package + "/" + name
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        return package
    }

    /// Every file under `root` with its bytes.
    func snapshot(_ root: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for case let name as String in FileManager.default.enumerator(atPath: root)! {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + name, isDirectory: &isFolder), !isFolder.boolValue {
                files[name] = FileManager.default.contents(atPath: root + "/" + name)
            }
        }
        return files
    }

    @Test("the copy holds the schema and one switch a module; the package is byte for byte what it was")
    func plants() throws {
        let package = try makePackage()
        let before = try snapshot(package)
        let workspace = try MutantWorkspace(
            package: package, root: folder.path("scratch"), files: ["Sources/App/Age.swift", "Sources/App/Plain.swift"],
            targets: [.init(name: "App", folder: "Sources/App"), .init(name: "AppTests", folder: "Tests/AppTests")])
        #expect(try snapshot(package) == before)
        #expect(workspace.mutants.map(\.id) == Array(1...workspace.mutants.count) && workspace.mutants.count == 3)
        let copy = try snapshot(workspace.root)
        let schema = String(decoding: try #require(copy["Sources/App/Age.swift"]), as: UTF8.self)
        #expect(schema.contains("__pyramidMutantIs(1) ?"))
        #expect(copy["Sources/App/" + MutantWorkspace.switchFile] != nil && copy["Tests/AppTests/" + MutantWorkspace.switchFile] == nil)
        #expect(copy["Sources/App/Plain.swift"] == before["Sources/App/Plain.swift"], "a file with no mutant is copied as it is")
        #expect(copy["Tests/AppTests/AgeTests.swift"] == before["Tests/AppTests/AgeTests.swift"])
        #expect(!copy.keys.contains { $0.hasPrefix(".build") || $0.hasPrefix(".git") })
        let manifest = String(decoding: try #require(copy["Package.swift"]), as: UTF8.self)
        #expect(manifest.contains(".package(path: \"\(folder.path("Work/Dep"))\")"), "\(manifest)")
        #expect(manifest.contains(".package(url: \"https://example.com/x\", from: \"1.0.0\")"))
    }

    @Test("an existing workspace, or a file in no module, is an error naming it, and nothing is written")
    func errors() throws {
        let package = try makePackage()
        let before = try snapshot(package)
        let existing = folder.path("taken")
        try FileManager.default.createDirectory(atPath: existing, withIntermediateDirectories: true)
        #expect(throws: MutationError.workspaceExists(existing)) {
            try MutantWorkspace(package: package, root: existing, files: [], targets: [])
        }
        #expect(throws: MutationError.notInATarget("Sources/App/Age.swift")) {
            try MutantWorkspace(package: package, root: folder.path("scratch2"), files: ["Sources/App/Age.swift"], targets: [.init(name: "Other", folder: "Sources/Other")])
        }
        #expect(try snapshot(package) == before)
        #expect(!FileManager.default.fileExists(atPath: folder.path("scratch2")), "nothing was copied")
    }

    @Test("planting again writes only what changed, removes what the package lost, and leaves mutants out by number")
    func replants() throws {
        let package = try makePackage()
        let targets: [MutantWorkspace.Target] = [.init(name: "App", folder: "Sources/App")]
        let root = folder.path("kept")
        let first = try MutantWorkspace(package: package, root: root, files: ["Sources/App/Age.swift"], targets: targets)
        let schemaPath = root + "/Sources/App/Age.swift"
        let plainPath = root + "/Sources/App/Plain.swift"
        // Dates far in the past: a file written again gets a new one.
        let old = Date(timeIntervalSince1970: 1_000_000)
        for path in [schemaPath, plainPath] { try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: path) }
        try FileManager.default.removeItem(atPath: package + "/Sources/App/Plain.swift")

        #expect(first.rewritten.contains("Sources/App/Age.swift") && first.rewritten.contains("Sources/App/Plain.swift"))
        let again = try MutantWorkspace(package: package, root: root, files: ["Sources/App/Age.swift"], targets: targets)
        #expect(again.mutants == first.mutants)
        #expect(again.rewritten.isEmpty, "nothing is written again: \(again.rewritten)")
        #expect(try FileManager.default.attributesOfItem(atPath: schemaPath)[.modificationDate] as? Date == old, "an unchanged schema is not written")
        #expect(!FileManager.default.fileExists(atPath: plainPath), "a file the package lost is removed")

        let left = first.mutants[0].id
        let without = try MutantWorkspace(package: package, root: root, files: ["Sources/App/Age.swift"], targets: targets, excluding: [left])
        #expect(without.mutants.map(\.id) == first.mutants.map(\.id), "every mutant keeps its number")
        #expect(without.rewritten == ["Sources/App/Age.swift"], "only the schema that changed is written: \(without.rewritten)")
        let schema = try String(contentsOfFile: schemaPath, encoding: .utf8)
        #expect(!schema.contains("__pyramidMutantIs(\(left))") && schema.contains("__pyramidMutantIs(\(first.mutants[1].id))"), "\(schema)")
        #expect(without.sources["Sources/App/Age.swift"] == "func isAdult(_ age: Int) -> Bool { age >= 18 }\n")
    }

    @Test("readied for a new run, the copy takes the package's new and removed files, and keeps the schemas planted")
    func prepares() throws {
        let package = try makePackage()
        let targets: [MutantWorkspace.Target] = [.init(name: "App", folder: "Sources/App")]
        let root = folder.path("warm")
        try MutantWorkspace.prepare(package: package, root: root)
        #expect(try snapshot(root)["Sources/App/Age.swift"] == FileManager.default.contents(atPath: package + "/Sources/App/Age.swift"), "a first copy has no mutant")
        _ = try MutantWorkspace(package: package, root: root, files: ["Sources/App/Age.swift"], targets: targets)
        let planted = try snapshot(root)
        try FileManager.default.createDirectory(atPath: package + "/Sources/New", withIntermediateDirectories: true)
        try "let new = 1\n".write(toFile: package + "/Sources/New/New.swift", atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: package + "/Sources/App/Plain.swift")
        let rewritten = try MutantWorkspace.prepare(package: package, root: root)
        #expect(rewritten == ["Sources/New/New.swift"], "the new file is written, the planted schema kept: \(rewritten)")
        let after = try snapshot(root)
        #expect(after["Sources/New/New.swift"] == Data("let new = 1\n".utf8))
        #expect(after["Sources/App/Plain.swift"] == nil)
        #expect(after["Sources/App/Age.swift"] == planted["Sources/App/Age.swift"] && after["Sources/App/" + MutantWorkspace.switchFile] != nil)
    }
}
