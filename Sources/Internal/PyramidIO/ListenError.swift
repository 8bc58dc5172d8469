#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A server could not listen on its address: which one, and why in words ("the address is
/// already in use"), not the socket call's text and errno.
package struct ListenError: Error, Sendable, CustomStringConvertible {
    /// The host, as bound ("127.0.0.1").
    package var host: String
    /// The port asked for (0: any free one).
    package var port: Int
    /// Why, in words.
    package var reason: String

    /// The failure to listen on `host`:`port`, with the reason `errno` gives.
    package init(host: String, port: Int, errno code: Int32) {
        self.host = host
        self.port = port
        self.reason = Self.reason(errno: code, port: port)
    }

    /// "127.0.0.1:18081".
    package var address: String { "\(host):\(port)" }

    /// "could not listen on 127.0.0.1:18081: the address is already in use".
    package var description: String { "could not listen on \(address): \(reason)" }

    static func reason(errno code: Int32, port: Int) -> String {
        switch code {
        case EADDRINUSE: return "the address is already in use"
        case EACCES where port < 1024: return "permission denied: ports below 1024 need privileges"
        case EACCES: return "permission denied"
        case EADDRNOTAVAIL: return "the address is not available on this machine"
        default:
            let text = String(cString: strerror(code))
            return text.prefix(1).lowercased() + text.dropFirst()
        }
    }
}
