// Another module's mock of `Transport`, as that module's tests already use it (--mockfiles).
class TransportMock: Transport {
    init() { }

    private(set) var retriesSetCallCount = 0
    var retries: Int = 0 { didSet { retriesSetCallCount += 1 } }

    private(set) var sendCallCount = 0
    var sendHandler: (([UInt8]) -> Bool)?
    func send(_ data: [UInt8]) -> Bool {
        sendCallCount += 1
        if let sendHandler = sendHandler {
            return sendHandler(data)
        }
        return false
    }
}
