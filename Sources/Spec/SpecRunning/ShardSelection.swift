package import LivingSpec
import Foundation
import PyramidIO
@_spi(PyramidTools) package import TestEventStream

/// The `--filter`s that run one shard of a package's tests (`pyramid spec --shard`,
/// `pyramid demo --shard`).
package enum ShardSelection {
    /// What a shard runs.
    package struct Share: Sendable, Equatable {
        /// Every test the list and the filters selected, before dealing.
        package var all: [String]
        /// This shard's tests, as `swift test list` names them.
        package var tests: [String]
        /// Whether the deal used a previous run's durations (else it dealt by count).
        package var byDuration: Bool
        /// The list the deal was made from, as `swift test list` prints it (empty for a deal of
        /// given names): the run of the same build keeps it rather than listing again.
        package var listed = ""

        /// Exact `--filter` patterns for ``tests``; one that matches nothing when the share is empty,
        /// so an empty shard runs no test rather than all of them.
        package var filters: [String] {
            tests.isEmpty ? ["^pyramid-shard-has-no-tests$"] : tests.map(TestShard.filterPattern)
        }
    }

    /// Lists the package's tests (with `swift test list` when it may build them, else with the
    /// built test binary), keeps those `filters` select (every test when there is none), deals
    /// them to the shards and returns `shard`'s share.
    ///
    /// - Parameters:
    ///   - shard: The shard to run.
    ///   - packagePath: The package whose tests are listed.
    ///   - filters: `swift test --filter` patterns, applied before dealing.
    ///   - eventStream: A previous run's event stream; its durations balance the shards.
    ///   - history: A test history's folder; without `eventStream`, its recent runs' durations
    ///     balance the shards (``ShardDurations``): what `--shard` with `--history` deals by.
    ///   - buildArguments: Build options the run uses (`--scratch-path`, `-c`), so the list is of what was built.
    ///   - workFolder: Where the test list is kept.
    ///   - environment: Variables set for `swift test list` over this process's environment
    ///     (what the package's manifest reads, so it is planned as it was built).
    ///   - building: Whether `swift test list` may build the tests first: a shard of a CI job
    ///     starts from a clean checkout, with nothing built yet.
    /// - Throws: ``SpecError`` when the list cannot be had, a filter is not a regular
    ///   expression, or the durations' stream cannot be read.
    package static func share(
        for shard: TestShard, packagePath: String, filters: [String] = [], durationsFrom eventStream: String? = nil,
        history: String? = nil, buildArguments: [String] = [], workFolder: String, environment: [String: String] = [:], building: Bool = false
    ) throws(SpecError) -> Share {
        let runner = SwiftTestRunner(packagePath: packagePath, extraArguments: buildArguments, workFolder: workFolder)
        let listPath = runner.testListPath
        do {
            try FileManager.default.createDirectory(atPath: workFolder, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreateFolder(path: workFolder, reason: FileError.describe(error))
        }
        let listingEnvironment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let listed: String
        if building {
            let (status, output, errors) = try SwiftTestRunner.capture(runner.listArguments.filter { $0 != "--skip-build" }, environment: listingEnvironment)
            guard status == 0 else {
                throw .cannotListTests(package: packagePath, exitStatus: status, output: String((output + errors).suffix(2000)))
            }
            listed = output
        } else {
            // Built already: the test binary lists its tests in a tenth of a second, where `swift
            // test list` plans the package for seconds, and the next build of it after that
            // compiles the host tools' C code and links their tools again (8 s for the reference app).
            let layout = try PackageLayout.read(packagePath: packagePath, buildArguments: buildArguments, only: [], environment: listingEnvironment)
            let stream = (workFolder as NSString).appendingPathComponent("shard-list-events.jsonl")
            defer { try? FileManager.default.removeItem(atPath: stream) }
            listed = try layout.testBundle.list(streamPath: stream).names
        }
        try? AtomicFile.write(Data(listed.utf8), to: listPath)
        let names = TestList(parsing: listed).entries.map { entry in
            entry.fullName
        }
        var durations: [String: Double] = [:]
        if let eventStream {
            guard let data = FileManager.default.contents(atPath: eventStream) else { throw .eventStreamMissing(path: eventStream) }
            durations = TestShard.durations(in: EventStreamReader.read(data))
        }
        if eventStream == nil, let history {
            // Problems with some lines leave those runs out; the deal is still the same on every machine.
            let records = try TestHistory(folder: history).read().records
            if !records.isEmpty { durations = ShardDurations.estimate(names, from: records) }
        }
        var share = try share(for: shard, of: names, filters: filters, durations: durations)
        share.listed = listed
        return share
    }

    /// `shard`'s share of `names` (as `swift test list` prints them) that `filters` select.
    package static func share(
        for shard: TestShard, of names: [String], filters: [String], durations: [String: Double] = [:]
    ) throws(SpecError) -> Share {
        let selected = try selecting(names, filters: filters)
        return Share(all: selected.sorted(), tests: shard.share(of: selected, durations: durations), byDuration: !durations.isEmpty)
    }

    /// The names `filters` select, as `swift test --filter` does: each a regular expression
    /// searched for in the name; every name when there is no filter.
    /// - Throws: ``SpecError/invalidFilter(_:reason:)`` for a filter that is not a regular expression.
    package static func selecting(_ names: [String], filters: [String]) throws(SpecError) -> [String] {
        var expressions: [NSRegularExpression] = []
        for filter in filters {
            do {
                expressions.append(try NSRegularExpression(pattern: filter))
            } catch {
                throw .invalidFilter(filter, reason: "\(error.localizedDescription)")
            }
        }
        return names.filter { name in
            expressions.isEmpty || expressions.contains {
                $0.firstMatch(in: name, range: NSRange(name.startIndex..., in: name)) != nil
            }
        }
    }
}
