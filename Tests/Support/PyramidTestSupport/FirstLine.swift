package import Foundation
package import PyramidIO

extension ChildProcess {
    /// The first line the process prints (a server's URL), read on a thread of its own for at
    /// most `seconds`: empty when it ended or said nothing first.
    package func firstLine(within seconds: TimeInterval = 60) async throws -> String {
        try await offThePool("ChildProcess.firstLine") { () -> String in
            var line = Data()
            let deadline = Date().addingTimeInterval(seconds)
            while !line.contains(UInt8(ascii: "\n")), Date() < deadline {
                guard let chunk = self.output?.availableData, !chunk.isEmpty else { break }
                line += chunk
            }
            return String(decoding: line, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        }
    }
}
