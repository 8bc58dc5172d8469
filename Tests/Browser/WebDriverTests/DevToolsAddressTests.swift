import Testing
@testable import WebDriver

/// A browser's DevTools address, read whole or not at all.
@Suite("A browser's DevTools address")
struct DevToolsAddressTests {
    @Test("read from Chromium's line, whole or not at all", arguments: [
        ("DevTools listening on ws://127.0.0.1:40123/devtools/browser/4f1c\n", "127.0.0.1:40123"),
        ("[1130/221500.1:WARNING] x\nDevTools listening on ws://127.0.0.1:9222/devtools/browser/a", "127.0.0.1:9222"),
        ("DevTools listening on ws://127.0.0.1:401", nil),
        ("DevTools listening on ws://127.0.0.1:/devtools/browser/a", nil),
        ("DevTools listening on ws://127.0.0.1:0/devtools/browser/a", nil),
        ("[WARNING] no DevTools here\n", nil),
    ] as [(String, String?)])
    func readsChromiumsLine(log: String, address: String?) {
        #expect(DevToolsAddress(listeningLine: log)?.description == address)
    }

    @Test("HOST:PORT as chromedriver gives it: a host and a port in range, else nothing", arguments: [
        ("localhost:9222", "localhost", 9222),
        ("127.0.0.1:65535", "127.0.0.1", 65535),
        ("[::1]:9222", "[::1]", 9222),
        (":9222", nil, nil),
        ("localhost", nil, nil),
        ("localhost:", nil, nil),
        ("localhost:0", nil, nil),
        ("localhost:65536", nil, nil),
        ("localhost:92x2", nil, nil),
    ] as [(String, String?, Int?)])
    func readsHostAndPort(text: String, host: String?, port: Int?) {
        let address = DevToolsAddress(text)
        #expect(address?.host == host)
        #expect(address?.port == port)
    }
}
