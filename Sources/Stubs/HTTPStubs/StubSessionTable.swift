import PyramidIO
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The live stub sessions by slot number: how `StubURLProtocol<Slot>` finds its registry
/// without a global list of stubs.
///
/// An entry holds its session weakly; once the session is gone its slot number (and so its
/// protocol class) is given to the next session. A number is never reused while its session
/// lives, so one session's requests can never reach another's registry.
final class StubSessionTable: Sendable {
    static let shared = StubSessionTable()

    private struct Entry {
        var transport: StubTransport
        /// `nil` between ``reserve(_:)`` and ``attach(_:to:)``, then the session, weakly.
        var session: WeakSession?
    }

    private struct WeakSession: @unchecked Sendable {
        weak var value: URLSession?
    }

    private let entries = Locked<[Int: Entry]>([:])

    /// Takes the lowest free slot number for `transport`.
    func reserve(_ transport: StubTransport) -> Int {
        entries.withValue { entries in
            for (number, entry) in entries where entry.session != nil && entry.session?.value == nil {
                entries[number] = nil
            }
            var number = 1
            while entries[number] != nil { number += 1 }
            entries[number] = Entry(transport: transport, session: nil)
            return number
        }
    }

    /// Ties slot `number` to `session`; the slot is freed when the session is.
    func attach(_ number: Int, to session: URLSession) {
        entries.withValue { $0[number]?.session = WeakSession(value: session) }
    }

    /// The transport of slot `number`, with its session when it is still alive.
    func lookup(_ number: Int) -> (transport: StubTransport, session: URLSession?)? {
        entries.withValue { entries in
            entries[number].map { ($0.transport, $0.session?.value) }
        }
    }
}
