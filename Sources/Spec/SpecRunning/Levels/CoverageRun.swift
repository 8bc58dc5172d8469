import LivingSpec
import Foundation
import PyramidIO

extension LevelRuns {
    /// The environment a coverage build runs in: this process's, with the raw profiles of the
    /// instrumented tools the build runs (a build plugin's generator) sent to
    /// `build-profiles` in `workFolder`, not left as `default.profraw` in the package.
    package static func buildEnvironment(workFolder: String, from base: [String: String] = ProcessInfo.processInfo.environment) -> [String: String] {
        var environment = base
        environment["LLVM_PROFILE_FILE"] = (workFolder as NSString).appendingPathComponent("build-profiles/%p-%m.profraw")
        return environment
    }
}
