import SpecRunning
import Foundation
import PyramidTestSupport
import Testing
import TestEventStream

@testable import LivingSpec

@Suite("Spec documents")
struct SpecDocumentTests {
    /// Each test's own folder, removed after the test, also when it throws.
    private let scratch = TemporaryFolder("spec", create: true)

    @Test("reads a stream whose attachments moved, from the folder it is given")
    func relocatedAttachments() throws {
        let document = try SpecDocument.read(eventStream: SampleRun.eventStream, attachmentsFolder: SampleRun.attachments, title: "T")
        #expect(document.run.tests.first { $0.title == "個人を選択中なら登録APIを叩くこと" }?.cases.first?.steps.count == 3)
        let without = try SpecDocument.read(eventStream: SampleRun.eventStream, attachmentsFolder: nil, title: "T")
        #expect(without.run.tests.map(\.title) == document.run.tests.map(\.title))
        #expect(without.run.tests.allSatisfy { $0.cases.allSatisfy(\.steps.isEmpty) })
        #expect(without.run.diagnostics.contains { $0.message.contains("--attachments") })
    }

    @Test("a missing stream is an error naming it")
    func missingStream() {
        let error = #expect(throws: SpecError.self) {
            try SpecDocument.read(eventStream: "/nowhere/events.jsonl", attachmentsFolder: nil, title: "T")
        }
        #expect(error == .eventStreamMissing(path: "/nowhere/events.jsonl"))
        #expect(error?.description == "/nowhere/events.jsonl: the event stream does not exist")
    }

    @Test("a stream that is there but cannot be read is told apart from a missing one")
    func unreadableStream() throws {
        let folder = scratch.path
        let error = #expect(throws: SpecError.self) {
            try SpecDocument.read(eventStream: folder, attachmentsFolder: nil, title: "T")
        }
        #expect(error == .eventStreamUnreadable(path: folder))
        #expect(error?.description == "\(folder): the event stream cannot be read")
    }

    @Test("writes the three renderings, making folders, and nothing half-written when a path is bad")
    func writes() throws {
        let folder = scratch.path
        let document = try SpecDocument.read(eventStream: SampleRun.eventStream, attachmentsFolder: SampleRun.attachments, title: "T")
        let written = try document.write(to: .folder(folder + "/deep/er"))
        #expect(written.map { ($0 as NSString).lastPathComponent } == ["spec.md", "spec.html", "junit.xml"])
        #expect(FileManager.default.contents(atPath: written[0]).map { String(decoding: $0, as: UTF8.self) } == document.markdown)

        let blocker = folder + "/file"
        #expect(FileManager.default.createFile(atPath: blocker, contents: Data("x".utf8)))
        let error = #expect(throws: SpecError.self) {
            try document.write(to: SpecDocument.Destinations(markdown: blocker + "/spec.md", html: nil, junit: nil))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["deep", "file"])
        guard case .cannotCreateFolder(let path, let reason) = error else {
            Issue.record("expected cannotCreateFolder, got \(String(describing: error))")
            return
        }
        #expect(path == blocker)
        #expect(!reason.isEmpty)
        #expect(error?.description == "\(blocker): cannot create the folder (\(reason))")
    }

    @Test("a rendering that cannot be written is an error naming the file")
    func unwritable() throws {
        let folder = scratch.path
        let document = try SpecDocument.read(eventStream: SampleRun.eventStream, attachmentsFolder: SampleRun.attachments, title: "T")
        let taken = folder + "/spec.md"
        try FileManager.default.createDirectory(atPath: taken, withIntermediateDirectories: false)
        let error = #expect(throws: SpecError.self) {
            try document.write(to: SpecDocument.Destinations(markdown: taken, html: nil, junit: nil))
        }
        guard case .cannotWrite(let path, let reason) = error else {
            Issue.record("expected cannotWrite, got \(String(describing: error))")
            return
        }
        #expect(path == taken)
        #expect(error?.description == "\(taken): cannot write the spec (\(reason))")
    }

    @Test("running the tests of a folder with no package is an error naming it, before swift runs")
    func runnerNotAPackage() throws {
        let folder = scratch.path
        let runner = SwiftTestRunner(packagePath: folder, workFolder: folder + "/work")
        let error = #expect(throws: SpecError.self) { try runner.run() }
        #expect(error == .notAPackage(path: folder))
        #expect(error?.description == "\(folder): no Package.swift here")
    }

    @Test("the swift test invocation asks for the event stream, its version, attachments and filters")
    func runnerArguments() {
        let runner = SwiftTestRunner(packagePath: "App", filters: ["Login", "Search"], extraArguments: ["--parallel"], workFolder: "/w")
        #expect(runner.arguments == [
            "test", "--package-path", "App", "--event-stream-output-path", "/w/events.jsonl", "--event-stream-version", "6.3",
            "--attachments-path", "/w/attachments", "--filter", "Login", "--filter", "Search", "--parallel",
        ])
    }
}
