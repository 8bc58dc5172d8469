// Another module's protocol: not read as a source, only compiled with the mocks.
protocol Transport {
    var retries: Int { get set }
    func send(_ data: [UInt8]) -> Bool
}
