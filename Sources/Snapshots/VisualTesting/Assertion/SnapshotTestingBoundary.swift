import Foundation
@_spi(Internals) import SnapshotTesting

/// Everything VisualTesting takes from swift-snapshot-testing beyond its public API, in one
/// place: the record mode in force, issue reporting that works under both XCTest and Swift
/// Testing, and `verifySnapshot` without the stray copy of the actual image it leaves behind.
///
/// These are `@_spi(Internals)` symbols, which upstream may change in any release; that is why
/// the dependency is bounded to the minor versions tested (Package.swift), and why
/// `SnapshotTestingBoundaryTests` checks each behaviour relied on here, so an upgrade that
/// changes one fails there, by name, instead of somewhere downstream.
enum SnapshotTestingBoundary {
    /// The record mode in force for this task: `withSnapshotTesting(record:)`, else the
    /// `.snapshots(record:)` trait of the current test, else `SNAPSHOT_TESTING_RECORD`, else `.missing`.
    static var recordMode: SnapshotTestingConfiguration.Record {
        SnapshotTestingConfiguration.current?.record ?? _record
    }

    /// Records a test failure at `source`: an issue under Swift Testing, `XCTFail` under XCTest.
    static func reportIssue(_ message: String, at source: SnapshotSource) {
        recordIssue(message, fileID: source.fileID, filePath: source.filePath, line: source.line, column: source.column)
    }

    /// `verifySnapshot` for the reference `directory/testName.name.ext`, followed by removing the copy of the
    /// actual image it writes to `{SNAPSHOT_ARTIFACTS}/{test file}/` on a failure: that copy has no device
    /// folder, so the cells of one state overwrite each other there, and VisualTesting writes its own artifacts.
    ///
    /// - Returns: nil when the value matched, else swift-snapshot-testing's failure message.
    static func verify<Value, Format>(
        _ value: Value, as snapshotting: Snapshotting<Value, Format>, named name: String, testName: String,
        record: SnapshotTestingConfiguration.Record, directory: String, source: SnapshotSource
    ) -> String? {
        let message = verifySnapshot(
            of: value, as: snapshotting, named: name, record: record, snapshotDirectory: directory,
            fileID: source.fileID, file: source.filePath, testName: testName, line: source.line, column: source.column)
        if message != nil {
            let reference = directory + "/" + testName + "." + name + (snapshotting.pathExtension.map { "." + $0 } ?? "")
            let stray = strayArtifactPath(reference: reference, file: source.filePath)
            if stray != reference { try? FileManager.default.removeItem(atPath: stray) }
        }
        return message
    }

    /// Where `verifySnapshot` writes the actual value of a failing comparison of `reference`, asserted from `file`.
    static func strayArtifactPath(reference: String, file: StaticString) -> String {
        let root = ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"] ?? NSTemporaryDirectory()
        let testFile = URL(fileURLWithPath: "\(file)").deletingPathExtension().lastPathComponent
        return URL(fileURLWithPath: root).appendingPathComponent(testFile)
            .appendingPathComponent(URL(fileURLWithPath: reference).lastPathComponent).path
    }
}
