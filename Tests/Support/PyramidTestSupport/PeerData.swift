import Foundation

/// Others' data in `../shared/peer-data` (beside the checkout), read where it is, never copied.
package enum PeerData {
    /// The file at `relative` under `peer-data`, or nil when the shared data is absent.
    package static func path(_ relative: String) -> String? {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<5 { url.deleteLastPathComponent() }
        let path = url.appendingPathComponent("shared/peer-data").appendingPathComponent(relative).path
        return FileManager.default.fileExists(atPath: path) ? path : nil
    }
}
