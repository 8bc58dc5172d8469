// mockolo's options: --allow-set-call-count, --use-template-func, and --mockfiles for a
// parent protocol declared in another module, whose mock lends its members.

/// @mockable
protocol Uploader: Transport {
    func send(_ data: [UInt8], to host: String) -> Bool
    func cancel()
    func progress(of id: Int) -> Double
    func token() throws -> String
}

/// @mockable
protocol Clock: Sendable {
    func now() -> Int
}
