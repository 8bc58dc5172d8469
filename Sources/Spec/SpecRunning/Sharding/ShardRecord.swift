import Foundation
import PyramidIO

/// What a sharded `pyramid spec` run leaves in its run folder for `pyramid merge`
/// (`run/shard.json`): which shard it was, and how many of the tests it ran, so a merge can tell
/// a missing shard from a small one.
package struct ShardRecord: Sendable, JSONRecord, Equatable {
    package static let recordName = "pyramid shard record"

    /// `2/4`.
    package var shard: String
    /// The tests this shard ran, of every test the listing found.
    package var tests: Int
    package var all: Int
    /// Whether `--filter` chose part of the tests before they were dealt.
    package var filtered: Bool

    package init(shard: String, tests: Int, all: Int, filtered: Bool) {
        self.shard = shard
        self.tests = tests
        self.all = all
        self.filtered = filtered
    }

    /// The record's place in a run folder.
    package static func path(inRunFolder folder: String) -> String {
        (folder as NSString).appendingPathComponent("shard.json")
    }
}
