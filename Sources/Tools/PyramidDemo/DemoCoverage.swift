import CodeCoverage
import LivingSpec

extension Demo {
    /// Measures what each level of the run covered, in the app's own code (or the targets the
    /// layout names), and writes the coverage files (LCOV and Cobertura, whole and per level).
    static func measureCoverage(
        runs: [LevelRuns.LevelRun], layout: PackageLayout, tools: CoverageTools, files: Files
    ) throws(DemoError) -> PyramidCoverage {
        let coverage: PyramidCoverage
        do {
            coverage = try PyramidCoverage.measure(runs: runs, layout: layout, tools: tools, workFolder: files.run)
        } catch {
            throw .coverageUnavailable("\(error)")
        }
        do {
            try coverage.writeFiles(to: files.coverage)
        } catch {
            throw .cannotWrite(files.coverage, "\(error)")
        }
        return coverage
    }
}
