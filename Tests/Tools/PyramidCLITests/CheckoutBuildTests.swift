import Foundation
import Testing

/// The tests that run SwiftPM in this checkout's own build folder: the demo builds the reference
/// app there (beside `pyramid`'s modules), and `pyramid spec` runs this package's fixture tests
/// there. Two SwiftPMs working in one build folder at once fail ("database is locked"), so these
/// suites run one at a time, each test after the other.
@Suite(.serialized) enum CheckoutBuildTests {
    /// This checkout's root, which holds the build folder they share.
    static let checkout: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.path
    }()
}
