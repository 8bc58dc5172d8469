package import Foundation

/// A folder under the system's temporary directory, unique to this instance, removed with
/// everything in it when the instance goes away, also when the test that made it threw.
///
/// Keep it in a suite's stored property: Swift Testing makes a suite instance per test and
/// releases it after the test, so each test has its own folder and none outlives its test.
///
/// ```swift
/// struct CatalogTests {
///     private let scratch = TemporaryFolder("pyramid-catalog")
///     var root: String { scratch.path }
/// }
/// ```
package final class TemporaryFolder: Sendable {
    /// The folder's path. It does not exist until the test (or `create: true`) makes it.
    package let path: String

    /// Reserves a unique path named after `prefix`; with `create`, makes the folder too.
    package init(_ prefix: String, create: Bool = false) {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)").path
        if create {
            // A folder under the temporary directory with a fresh UUID cannot already exist; a
            // failure here (a full disk) surfaces as the test's first write failing.
            try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
    }

    /// The folder as a file URL.
    package var url: URL { URL(fileURLWithPath: path, isDirectory: true) }

    /// The path of `name` inside the folder.
    package func path(_ name: String) -> String { path + "/" + name }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
