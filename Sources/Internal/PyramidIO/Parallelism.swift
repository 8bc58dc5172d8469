import Foundation

/// Whether ``concurrentForEach(_:_:)`` and ``parallelMap(_:workers:_:)`` keep to the calling
/// thread. `PYRAMID_SERIAL=1` in the environment sets it for the process: a fuzz harness needs
/// its coverage feedback, and so the inputs libFuzzer makes from a fixed seed, to be the same on
/// every run, which threads taking turns in another order would change (`scripts/fuzz` sets it).
package enum Parallelism {
    package static let isSerial = ProcessInfo.processInfo.environment["PYRAMID_SERIAL"] == "1"
}
