import Foundation

/// The real result bundles in `../shared/peer-data/xcresult/cases` (Xcode 16 and Xcode 26), read
/// where they are, never copied: nil when the corpus is absent, and the tests that need it say so.
enum XCResultCorpus {
    static let versions = ["Xcode16", "Xcode26"]

    static var folder: String? {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        let candidates = [
            ProcessInfo.processInfo.environment["PYRAMID_XCRESULT_CORPUS"],
            url.deletingLastPathComponent().appendingPathComponent("shared/peer-data/xcresult/cases").path,
        ].compactMap { $0 }
        return candidates.first { FileManager.default.fileExists(atPath: ($0 as NSString).appendingPathComponent("Xcode26-Mixed-XCTest-SwiftTesting.json")) }
    }

    static func bundle(_ version: String) -> String? {
        folder.map { ($0 as NSString).appendingPathComponent("\(version)-Mixed-XCTest-SwiftTesting.xcresult") }
    }

    static func json(_ version: String) -> String? {
        folder.map { ($0 as NSString).appendingPathComponent("\(version)-Mixed-XCTest-SwiftTesting.json") }
    }

    static func junit(_ version: String, retries: Bool) -> String? {
        folder.map { ($0 as NSString).appendingPathComponent("\(version)-Mixed-XCTest-SwiftTesting-\(retries ? "WithRetries" : "WithoutRetries").junit") }
    }
}
