import Foundation
import PyramidIO
import UITrace
import VisualTestingCore

/// The failed UI tests whose traces the run kept, as the gallery shows them: the screen at the
/// step that failed (or at the last step, when an expectation after it failed the test), linked
/// to that step of the trace's page.
enum DemoUIFailures {
    /// Reads the traces under `traces` (one folder a test, as ``UITraceHeader`` names its test)
    /// and keeps those of the tests in `failed`.
    ///
    /// - Parameters:
    ///   - traces: the folder the run's UI traces went to; absent when no trace was kept.
    ///   - failed: the ids of the UI tests that failed, as Swift Testing writes them.
    /// - Returns: the failures, in the order of their folders, and a warning for each trace that
    ///   could not be read or given a page: the gallery goes without it, and the run says so.
    static func read(traces: String, failed: Set<String>) -> (failures: [GalleryUIFailure], warnings: [String]) {
        let manager = FileManager.default
        guard !failed.isEmpty, manager.fileExists(atPath: traces) else { return ([], []) }
        let folders: [String]
        do {
            folders = try manager.contentsOfDirectory(atPath: traces).sorted()
        } catch {
            return ([], ["the UI traces in \(traces) cannot be listed: \(FileError.describe(error))"])
        }
        var failures: [GalleryUIFailure] = []
        var warnings: [String] = []
        for name in folders {
            let folder = traces + "/" + name
            let trace: UITraceFile
            do {
                trace = try UITraceFile.read(folder)
            } catch {
                warnings.append("the UI trace \(error.path) cannot be read: \(error.reason)")
                continue
            }
            guard failed.contains(trace.header.test) else { continue }
            let events = trace.resolvedEvents
            guard let step = events.first(where: { $0.error != nil }) ?? events.last else { continue }
            var page = folder + "/" + UITraceViewer.fileName
            if !manager.fileExists(atPath: page) {
                do {
                    page = try UITraceViewer.write(folder: folder)
                } catch {
                    warnings.append("the UI trace in \(folder) has no page, and one cannot be written: \(error.reason)")
                    continue
                }
            }
            failures.append(
                GalleryUIFailure(
                    test: trace.header.test, screen: (step.after ?? step.before).map { folder + "/resources/" + $0 }, trace: page,
                    step: step.index, call: step.call + (step.target.map { " on " + $0 } ?? ""),
                    error: step.error ?? "the test failed after this step"))
        }
        return (failures, warnings)
    }
}
