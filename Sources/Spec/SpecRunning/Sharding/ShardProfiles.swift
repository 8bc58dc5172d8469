import CodeCoverage
import Foundation
package import LivingSpec
import PyramidIO

/// The raw profiles of a sharded run's levels, joined for `pyramid merge`: each level's
/// profiles of every shard in one folder, measured as one run's would be, with the package's
/// built test binaries (never percentages averaged).
package enum ShardProfiles {
    /// Copies each level's raw profiles of every shard's run folder (`profiles/<level>`) into
    /// `run`'s, each name prefixed by its shard (two machines can give a profile the same
    /// process id); the levels that have profiles, in the pyramid's order.
    /// - Throws: ``MergeError/cannotWrite(_:_:)`` for a profile that cannot be copied.
    package static func join(runFolders: [String], into run: String) throws(MergeError) -> [(level: PyramidLevel, profiles: String)] {
        let manager = FileManager.default
        var levels: [PyramidLevel: String] = [:]
        for (number, folder) in runFolders.enumerated() {
            for level in PyramidLevel.allCases {
                let source = folder + "/profiles/" + level.rawValue
                guard let names = try? manager.contentsOfDirectory(atPath: source) else { continue }
                let target = run + "/profiles/" + level.rawValue
                do {
                    try manager.createDirectory(atPath: target, withIntermediateDirectories: true)
                    for name in names.sorted() where name.hasSuffix(".profraw") {
                        try manager.copyItem(atPath: source + "/" + name, toPath: target + "/shard\(number + 1)-" + name)
                    }
                } catch {
                    throw .cannotWrite(target, FileError.describe(error))
                }
                levels[level] = target
            }
        }
        return PyramidLevel.allCases.compactMap { level in levels[level].map { (level, $0) } }
    }

    /// What measures the joined `levels` with `packagePath`'s built test binaries, or nil with a
    /// note saying why it cannot here: the tools are missing, the build cannot be read, or the
    /// binaries that wrote the profiles are not built here (a merge job that only downloaded
    /// the shards' folders).
    package static func measuring(
        _ levels: [(level: PyramidLevel, profiles: String)], packagePath: String, buildArguments: [String], environment: [String: String],
        targets: [String], run: String, folder: String, howToBuild: String
    ) -> (recorded: SpecRun.RecordedCoverage?, note: String?) {
        guard !levels.isEmpty else { return (nil, nil) }
        let unmeasured = "coverage not merged"
        let tools: CoverageTools
        do { tools = try CoverageTools.locate() } catch { return (nil, "\(unmeasured): \(error)") }
        let layout: PackageLayout
        do {
            layout = try PackageLayout.read(packagePath: packagePath, buildArguments: buildArguments, only: targets, environment: environment)
        } catch {
            return (nil, "\(unmeasured): the build of \(packagePath) cannot be read here: \(error)")
        }
        guard !layout.binaries.isEmpty else {
            return (nil, "\(unmeasured): \(packagePath) has no test binaries to measure the shards' profiles with (--package-path names the package the shards tested)")
        }
        if let missing = layout.binaries.first(where: { !FileManager.default.fileExists(atPath: $0) }) {
            return (nil, "\(unmeasured): the test binaries that wrote the shards' profiles are not built here (\(missing)); "
                + "build them as the shards did (\(howToBuild)) and merge again, for one run's coverage per level")
        }
        let request = SpecRun.Coverage(tools: tools, targets: targets, buildArguments: buildArguments, environment: environment, folder: folder)
        return (SpecRun.RecordedCoverage(levels: levels, packagePath: packagePath, request: request, workFolder: run, layout: layout), nil)
    }
}
