import Foundation

/// Seed 002's test scenarios: the app starts in this state when launched with `--scenario=<raw value>`.
public enum TestScenario: String, Sendable, CaseIterable {
    case loggedIn = "logged_in"
    case loggedOut = "logged_out"
    case emptyCart = "empty_cart"
    case fullCart = "full_cart"
    case networkError = "network_error"
}

/// A deliberate regression, switched on with `SHOP_BREAK=<raw value>`: a broken build of the
/// app, to see each level of the pyramid catch it (`pyramid demo --break-app login-disabled`).
public enum AppBreakage: String, Sendable, CaseIterable {
    /// The login button stays disabled whatever is typed.
    case loginDisabled = "login-disabled"
}

/// What the app reads at launch, as seed 002's app reads `ProcessInfo`: `--uitesting`,
/// `--mock-api`, `--scenario=…`, `TEST_USER_EMAIL`, `TEST_USER_TOKEN`, and where its API is
/// (`API_BASE_URL`), so UI tests can point it at a stub server.
public struct LaunchOptions: Sendable, Equatable {
    public var isUITesting = false
    public var usesMockAPI = false
    public var scenario: TestScenario?
    public var testUserEmail: String?
    public var testUserToken: String?
    public var apiBaseURL: URL
    /// The regression `SHOP_BREAK` asks for, if any.
    public var breakage: AppBreakage?

    /// The API the app talks to when nothing says otherwise.
    public static let defaultAPIBaseURL = URL(string: "https://api.shop.example")!

    public init(apiBaseURL: URL = LaunchOptions.defaultAPIBaseURL) {
        self.apiBaseURL = apiBaseURL
    }

    /// Reads the launch arguments and environment.
    /// - Throws: ``LaunchOptionsError`` for a scenario the app does not know, an `API_BASE_URL`
    ///   that is not an http(s) URL, or an argument that starts with `--` and is not one of the
    ///   app's: a typo in a UI test's launch arguments fails the launch instead of being ignored.
    public static func parse(arguments: [String], environment: [String: String]) throws(LaunchOptionsError) -> LaunchOptions {
        var options = LaunchOptions()
        for argument in arguments {
            switch argument {
            case "--uitesting", "UI_TESTING": options.isUITesting = true
            case "--mock-api": options.usesMockAPI = true
            case _ where argument.hasPrefix("--scenario="):
                let name = String(argument.dropFirst("--scenario=".count))
                guard let scenario = TestScenario(rawValue: name) else { throw .unknownScenario(name) }
                options.scenario = scenario
            case _ where argument.hasPrefix("--"):
                throw .unknownArgument(argument)
            default:
                continue
            }
        }
        options.testUserEmail = environment["TEST_USER_EMAIL"].flatMap { $0.isEmpty ? nil : $0 }
        options.testUserToken = environment["TEST_USER_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
        if let name = environment["SHOP_BREAK"], !name.isEmpty {
            guard let breakage = AppBreakage(rawValue: name) else { throw .unknownBreakage(name) }
            options.breakage = breakage
        }
        if let text = environment["API_BASE_URL"] {
            guard let url = URL(string: text), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
                throw .invalidAPIBaseURL(text)
            }
            options.apiBaseURL = url
        }
        return options
    }
}

/// Why the launch arguments or environment could not be read.
public enum LaunchOptionsError: Error, Equatable, CustomStringConvertible {
    case unknownScenario(String)
    case unknownArgument(String)
    case invalidAPIBaseURL(String)
    case unknownBreakage(String)

    public var description: String {
        switch self {
        case .unknownScenario(let name):
            "--scenario=\(name): no such scenario; use one of " + TestScenario.allCases.map(\.rawValue).joined(separator: ", ")
        case .unknownArgument(let argument):
            "\(argument): not an argument the app knows (--uitesting, --mock-api, --scenario=…)"
        case .invalidAPIBaseURL(let text):
            "API_BASE_URL=\(text): not an http or https URL with a host"
        case .unknownBreakage(let name):
            "SHOP_BREAK=\(name): no such breakage; use one of " + AppBreakage.allCases.map(\.rawValue).joined(separator: ", ")
        }
    }
}
