import Foundation
/// What `swift test list` prints: every test of the package, XCTest's as `Module.Class/method`
/// and Swift Testing's as `Module.Suite/function()`. It tells which module an XCTest class
/// belongs to (the console output does not) and whether a package has tests of both frameworks.
package struct TestList: Sendable, Equatable {
    /// One test of the list.
    package struct Entry: Sendable, Equatable {
        /// Its test target.
        package var module: String
        /// The class or suite path (`LegacyLoginTests`, `Outer/Inner`), empty for a free function.
        package var container: String
        /// Its name as `swift test list` prints it.
        package var name: String
        /// Its framework.
        package var framework: TestFramework

        /// Its whole name, as `swift test list` prints it: `Module.Container/name`.
        package var fullName: String { module + "." + (container.isEmpty ? "" : container + "/") + name }
    }

    /// Every test listed.
    package var entries: [Entry]

    /// Parses the lines of `swift test list`; lines that are not test names are passed over.
    package init(parsing text: String) {
        entries = text.split(separator: "\n").compactMap { raw -> Entry? in
            let line = raw.trimmingCharacters(in: [" ", "\t", "\r"])
            guard let dot = line.firstIndex(of: "."), !line.contains(" ") else { return nil }
            let module = String(line[..<dot])
            let rest = line[line.index(after: dot)...]
            let components = rest.split(separator: "/").map(String.init)
            guard let name = components.last, !module.isEmpty else { return nil }
            let framework: TestFramework = name.hasSuffix(")") ? .swiftTesting : .xctest
            return Entry(module: module, container: components.dropLast().joined(separator: "/"), name: name, framework: framework)
        }
    }

    /// A list of tests.
    package init(entries: [Entry]) {
        self.entries = entries
    }

    /// The frameworks the package's tests use.
    package var frameworks: Set<TestFramework> { Set(entries.map(\.framework)) }

    /// The module an XCTest class is in; nil when the list does not have it.
    package func module(ofXCTestClass className: String) -> String? {
        entries.first { $0.framework == .xctest && $0.container == className }?.module
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: Set<Character>) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}
