import Foundation
package import LivingSpec

extension MutationRun {
    /// What a run mutates, which tests judge, and where it works.
    package struct Configuration: Sendable {
        /// The package whose code is mutated and whose tests judge. Never written.
        package var packagePath: String
        /// The library and executable targets to mutate; every one when empty.
        package var targets: [String] = []
        /// Files to mutate (paths relative to the package, or their ends: `Cart.swift`); every
        /// Swift file of the targets when empty.
        package var files: [String] = []
        /// The levels whose tests judge, bottom to top; every level with tests when empty.
        package var levels: [PyramidLevel] = []
        /// Only mutants on lines changed since this git revision (and in files git does not track yet).
        package var since: String?
        /// Only this shard's mutants: `(index, count)`, index from 1.
        package var shard: (index: Int, count: Int)?
        /// How many test processes run at once.
        package var jobs: Int = 2
        /// Where the run keeps its copy of the package, its build and its logs; by default
        /// `.build/pyramid-mutants` in the package (the build folder SwiftPM already keeps).
        package var workFolder: String?
        /// Where the copy is built: `<workFolder>/build` by default. A scratch folder that
        /// already holds the dependencies' build (the one `pyramid` was built in, for the
        /// reference app) saves building them again.
        package var buildScratch: String?
        /// How each test's level is found.
        package var classifier = PyramidClassifier()
        /// A test with a mutant in may run this many times its time without one...
        package var timeoutFactor: Double = 3
        /// ...plus this many seconds, before it counts as a timeout.
        package var timeoutFloor: Double = 10

        /// A configuration for the package at `packagePath`, the rest as defaults.
        package init(packagePath: String) {
            self.packagePath = packagePath
        }

        /// The package's folder, absolute and without `..`.
        var package: String { URL(fileURLWithPath: packagePath).standardizedFileURL.path }
        var work: String { workFolder.map { URL(fileURLWithPath: $0).standardizedFileURL.path } ?? package + "/.build/pyramid-mutants" }
        var copy: String { work + "/package" }
        var scratch: String { buildScratch.map { URL(fileURLWithPath: $0).standardizedFileURL.path } ?? work + "/build" }
        var logs: String { work + "/logs" }

        /// The options checked before anything runs.
        func validate() throws(MutationRunError) {
            if let shard, shard.count < 1 || shard.index < 1 || shard.index > shard.count {
                throw .invalidOption("--shard \(shard.index)/\(shard.count): the index must be from 1 to the count")
            }
            guard jobs >= 1 && jobs <= 64 else { throw .invalidOption("--jobs \(jobs): from 1 to 64") }
            guard timeoutFactor >= 1, timeoutFloor >= 0 else { throw .invalidOption("the timeout's factor must be at least 1 and its floor at least 0") }
        }
    }
}
