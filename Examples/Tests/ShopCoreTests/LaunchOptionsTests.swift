import Foundation
import ShopCore
import Testing

@Suite("起動引数と環境変数", .tags(.unit))
struct LaunchOptionsTests {
    @Test("--uitesting, --mock-api, --scenario と TEST_USER_* と API_BASE_URL を読む")
    func reads() throws {
        let options = try LaunchOptions.parse(
            arguments: ["/app/shop", "--uitesting", "--mock-api", "--scenario=full_cart"],
            environment: ["TEST_USER_EMAIL": "test@example.com", "TEST_USER_TOKEN": "mock-token-123", "API_BASE_URL": "http://127.0.0.1:8080"])
        #expect(options.isUITesting && options.usesMockAPI)
        #expect(options.scenario == .fullCart)
        #expect(options.testUserEmail == "test@example.com" && options.testUserToken == "mock-token-123")
        #expect(options.apiBaseURL.absoluteString == "http://127.0.0.1:8080")
    }

    @Test("何も無ければ通常起動: シナリオなし、既定の API")
    func defaults() throws {
        let options = try LaunchOptions.parse(arguments: ["/app/shop"], environment: ["TEST_USER_EMAIL": ""])
        #expect(options == LaunchOptions())
        #expect(options.apiBaseURL == LaunchOptions.defaultAPIBaseURL)
    }

    @Test("知らないシナリオ、知らない引数、壊れた API_BASE_URL は起動を止め、何が悪いかを言う")
    func refuses() {
        #expect(throws: LaunchOptionsError.unknownScenario("emptycart")) {
            try LaunchOptions.parse(arguments: ["--scenario=emptycart"], environment: [:])
        }
        #expect(throws: LaunchOptionsError.unknownArgument("--uitest")) {
            try LaunchOptions.parse(arguments: ["--uitest"], environment: [:])
        }
        #expect(throws: LaunchOptionsError.invalidAPIBaseURL("ftp://x")) {
            try LaunchOptions.parse(arguments: [], environment: ["API_BASE_URL": "ftp://x"])
        }
        // pyramid mutants found this one untested: an http URL with no host.
        #expect(throws: LaunchOptionsError.invalidAPIBaseURL("http:///items")) {
            try LaunchOptions.parse(arguments: [], environment: ["API_BASE_URL": "http:///items"])
        }
        #expect("\(LaunchOptionsError.unknownScenario("emptycart"))"
            == "--scenario=emptycart: no such scenario; use one of logged_in, logged_out, empty_cart, full_cart, network_error")
    }
}
