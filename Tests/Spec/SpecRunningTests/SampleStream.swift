import SpecRunning
import Foundation
import LivingSpec
import TestEventStream

/// The recorded sample run LivingSpec's tests read (LivingSpecTests/Fixtures, see
/// scripts/record-spec-fixture), as the pipeline's input.
enum SampleStream {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("LivingSpecTests/Fixtures")

    static var eventStream: String { fixtures.appendingPathComponent("sample-6.3-experimental.jsonl").path }
    static var attachments: String { fixtures.appendingPathComponent("sample-attachments").path }

    /// The run, read as `pyramid spec --event-stream` reads it.
    static func run() throws -> TestRun {
        try SpecDocument.read(eventStream: eventStream, attachmentsFolder: attachments, title: "sample").run
    }
}
