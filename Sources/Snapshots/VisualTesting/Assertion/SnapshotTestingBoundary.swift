import Foundation
@_spi(Internals) import SnapshotTesting

/// Everything VisualTesting takes from swift-snapshot-testing beyond its public API, in one
/// place: the record mode in force, and issue reporting that works under both XCTest and Swift
/// Testing. (Cells are checked by `CellCheck` under the same record modes, not through
/// `verifySnapshot`, so the comparison's verdict comes back as a value.)
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
}
