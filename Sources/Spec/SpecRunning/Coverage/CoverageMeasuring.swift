package import CodeCoverage
import Foundation
package import LivingSpec
import PyramidIO

/// Measuring coverage per level: each level's raw profiles merged and exported with llvm's tools.
extension PyramidCoverage {
    /// Merges each level's raw profiles (in `workFolder/profiles/<level>.profdata`), then all of
    /// them, and measures each with `layout`'s binaries and source folders.
    ///
    /// - Throws: ``SpecError/coverage(_:)`` when a profile is rejected or `llvm-cov` fails.
    package static func measure(
        runs: [LevelRuns.LevelRun], layout: PackageLayout, tools: CoverageTools, workFolder: String
    ) throws(SpecError) -> PyramidCoverage {
        let sources = layout.targets.map(\.folder)
        let profilesFolder = (workFolder as NSString).appendingPathComponent("profiles")
        enum Measured: Sendable {
            case measured(CoverageMeasure, profile: String)
            case missing(String)
            case failed(CoverageError)
        }
        // The levels are measured at once: each is a merge and two exports, waiting on tools.
        let measured = parallelMap(runs, workers: max(2, ProcessInfo.processInfo.activeProcessorCount)) { run -> Measured in
            let raw = ((try? FileManager.default.contentsOfDirectory(atPath: run.profiles)) ?? [])
                .filter { $0.hasSuffix(".profraw") }.sorted().map { (run.profiles as NSString).appendingPathComponent($0) }
            guard !raw.isEmpty else {
                return .missing("no coverage data: its tests wrote no profile (was the package built with coverage, and did the tests run?)")
            }
            let profile = (profilesFolder as NSString).appendingPathComponent("\(run.level.rawValue).profdata")
            do throws(CoverageError) {
                try tools.mergeProfiles(raw, into: profile)
                return .measured(try tools.measure(profile: profile, binaries: layout.binaries, sources: sources), profile: profile)
            } catch {
                return .failed(error)
            }
        }
        var levels: [Level] = []
        var profiles: [String] = []
        for (run, result) in zip(runs, measured) {
            switch result {
            case .measured(let measure, let profile):
                let below = levels.compactMap(\.measure)
                levels.append(Level(level: run.level, measure: measure, missing: nil, added: measure.linesAdded(over: below)))
                profiles.append(profile)
            case .missing(let why):
                levels.append(Level(level: run.level, measure: nil, missing: why, added: []))
            case .failed(let error):
                throw .coverage(error)
            }
        }
        var total: CoverageMeasure?
        if !profiles.isEmpty {
            let profile = (profilesFolder as NSString).appendingPathComponent("total.profdata")
            do throws(CoverageError) {
                try tools.mergeProfiles(profiles, into: profile)
                total = try tools.measure(profile: profile, binaries: layout.binaries, sources: sources)
            } catch {
                throw .coverage(error)
            }
        }
        return PyramidCoverage(levels: levels, total: total, layout: layout)
    }
}
