import CodeCoverage
import Foundation
import PyramidIO

extension PyramidCoverage {
    /// The files CI reads, in `folder`: `coverage.lcov` and `cobertura.xml` for the whole run,
    /// and `coverage-<level>.lcov` and `cobertura-<level>.xml` for each level measured. Each is
    /// written whole (temporary file, then rename). Returns their paths, the whole run's first.
    /// `timestamp` (seconds since 1970, now when nil) dates the Cobertura files.
    ///
    /// - Throws: ``SpecError/cannotWrite(path:reason:)`` for a file that cannot be written.
    @discardableResult
    package func writeFiles(to folder: String, timestamp: Int? = nil) throws(SpecError) -> [String] {
        let timestamp = timestamp ?? Int(Date().timeIntervalSince1970)
        var wanted: [(name: String, measure: CoverageMeasure)] = []
        if let total { wanted.append(("", total)) }
        for level in levels { if let measure = level.measure { wanted.append(("-" + level.level.rawValue, measure)) } }
        var written: [String] = []
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreateFolder(path: folder, reason: FileError.describe(error))
        }
        for (suffix, measure) in wanted {
            let lcov = (folder as NSString).appendingPathComponent("coverage\(suffix).lcov")
            let cobertura = (folder as NSString).appendingPathComponent("cobertura\(suffix).xml")
            do {
                try AtomicFile.write(measure.lcov, to: lcov)
                try AtomicFile.write(CoberturaReport.xml(for: measure, root: layout.root, timestamp: timestamp), to: cobertura)
            } catch {
                throw .cannotWrite(path: error.path, reason: error.reason)
            }
            written += [lcov, cobertura]
        }
        return written
    }
}
