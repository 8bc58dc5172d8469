import Foundation
import Testing
import TestEventStream

@testable import LivingSpec

@Suite("Spec documents")
struct SpecDocumentTests {
    private func temporaryFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("spec-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("reads a stream whose attachments moved, from the folder it is given")
    func relocatedAttachments() throws {
        let document = try SpecDocument.read(eventStream: SampleRun.eventStream, attachmentsFolder: SampleRun.attachments, title: "T")
        #expect(document.run.tests.first { $0.title == "個人を選択中なら登録APIを叩くこと" }?.cases.first?.steps.count == 3)
        let without = try SpecDocument.read(eventStream: SampleRun.eventStream, attachmentsFolder: nil, title: "T")
        #expect(without.run.tests.allSatisfy { $0.cases.allSatisfy(\.steps.isEmpty) })
        #expect(without.run.diagnostics.contains { $0.message.contains("--attachments") })
    }

    @Test("a missing stream is an error naming it")
    func missingStream() {
        #expect(throws: SpecError("/nowhere/events.jsonl: the event stream does not exist")) {
            try SpecDocument.read(eventStream: "/nowhere/events.jsonl", attachmentsFolder: nil, title: "T")
        }
    }

    @Test("writes the three renderings, making folders, and nothing half-written when a path is bad")
    func writes() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let document = try SpecDocument.read(eventStream: SampleRun.eventStream, attachmentsFolder: SampleRun.attachments, title: "T")
        let written = try document.write(to: .folder(folder + "/deep/er"))
        #expect(written.map { ($0 as NSString).lastPathComponent } == ["spec.md", "spec.html", "junit.xml"])
        #expect(FileManager.default.contents(atPath: written[0]).map { String(decoding: $0, as: UTF8.self) } == document.markdown)

        let blocker = folder + "/file"
        #expect(FileManager.default.createFile(atPath: blocker, contents: Data("x".utf8)))
        #expect(throws: SpecError.self) {
            try document.write(to: SpecDocument.Destinations(markdown: blocker + "/spec.md", html: nil, junit: nil))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["deep", "file"])
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
