#if canImport(FoundationNetworking)
import Foundation
package import FoundationNetworking
#else
package import Foundation
#endif

extension URLSession {
    /// An ephemeral session whose requests wait ten minutes for an answer, not URLSession's
    /// default 60 s: the client-side twin of `.patientServers`. A test paces its own steps (a
    /// request, a clock advanced, a check), and on a loaded machine a step can be held for
    /// more than a minute; the request timing out then would fail a test that is not about
    /// timeouts. The hang guard is the test's time limit. Tests of a timeout set theirs.
    package static func patient(delegate: (any URLSessionDelegate)? = nil) -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 600
        configuration.timeoutIntervalForResource = 600
        return URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }
}
