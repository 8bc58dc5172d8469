package import Foundation
package import PyramidIO
#if canImport(Glibc)
import Glibc
#endif

extension ChildProcess {
    /// The first line the process prints (a server's URL), read on a thread of its own for at
    /// most `seconds`: empty when it ended or said nothing first.
    package func firstLine(within seconds: TimeInterval = 60) async throws -> String {
        try await output(until: "\n", within: seconds).split(separator: "\n").first.map(String.init) ?? ""
    }
}

extension ChildProcess {
    /// What the process prints from now until its output contains `text`, read on a thread of
    /// its own for at most `seconds`: it ends without `text` when the process ended or the time
    /// ran out (it waits for output with `poll`, so a process that prints nothing more does not
    /// hold it past the time). For a line a running process prints as something happens.
    package func output(until text: String, within seconds: TimeInterval = 60) async throws -> String {
        try await offThePool("ChildProcess.output(until:)") { () -> String in
            guard let output = self.output else { return "" }
            let needle = Data(text.utf8)
            var read = Data()
            // Bytes before this offset cannot begin `text`: each chunk is searched once, with
            // the end of the one before it, not the whole output again.
            var searched = 0
            let deadline = Date().addingTimeInterval(seconds)
            while !needle.isEmpty, read.range(of: needle, in: searched..<read.count) == nil {
                searched = max(0, read.count - needle.count + 1)
                let left = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
                var ready = pollfd(fd: output.fileDescriptor, events: Int16(POLLIN), revents: 0)
                guard left > 0, poll(&ready, 1, left) > 0 else { break }
                let chunk = output.availableData
                guard !chunk.isEmpty else { break }
                read += chunk
            }
            return String(decoding: read, as: UTF8.self)
        }
    }
}
