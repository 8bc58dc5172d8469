package import LivingSpec

/// How long each test of a sharded run should take, from a test history (`--history DIR`):
/// the durations ``TestShard/deal(_:into:durations:)`` balances the shards by.
///
/// A test's estimate is the median of its durations over the history's most recent runs, so one
/// slow run (a cold cache, a busy machine) does not move it; a test the history has never timed
/// gets the median of its level's tests (its level is its module's, as the history recorded it),
/// else of every test. Every machine reading the same history gets the same estimates, so every
/// shard deals the same way.
package enum ShardDurations {
    /// How many of the history's last runs a test's median is taken over.
    package static let recentRuns = 30

    /// An estimate in seconds for every one of `names` (`Module.Suite/test()`, as `swift test
    /// list` prints them), from `records` (oldest first, as a history reads).
    package static func estimate(_ names: [String], from records: [HistoryRecord], recentRuns: Int = recentRuns) -> [String: Double] {
        var samples: [String: [Double]] = [:]
        var levelOfModule: [String: String] = [:]
        for record in records.suffix(recentRuns) {
            for test in record.tests {
                if let level = test.level { levelOfModule[module(of: test.id)] = level }
                guard let duration = test.duration, duration.isFinite, duration >= 0 else { continue }
                samples[test.id, default: []].append(duration)
            }
        }
        let medians = samples.mapValues(median)
        var byLevel: [String: [Double]] = [:]
        for (id, value) in medians { byLevel[levelOfModule[module(of: id)] ?? "", default: []].append(value) }
        let levelMedians = byLevel.mapValues(median)
        let overall = medians.isEmpty ? 1 : median(Array(medians.values))
        var estimates: [String: Double] = [:]
        for name in names {
            estimates[name] = medians[name] ?? levelOfModule[module(of: name)].flatMap { levelMedians[$0] } ?? overall
        }
        return estimates
    }

    /// The module of a test's name: `Shop` in `Shop.CartTests/total()`.
    static func module(of name: String) -> String {
        String(name.prefix { $0 != "." && $0 != "/" })
    }

    /// The middle value (the mean of the two middle ones for an even count); `values` is not empty.
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
