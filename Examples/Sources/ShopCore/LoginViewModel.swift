import Foundation
import Observation

/// The login screen's state (seeds 000 and 002): the login button is enabled only for a
/// well-formed email and a password; a malformed email shows "無効なメールアドレス形式です";
/// a wrong password shows "Invalid credentials", an unreachable API "通信エラーが発生しました".
@Observable
@MainActor
public final class LoginViewModel {
    public var email: String
    public var password = ""
    /// True while the API is asked; the screen shows its loading indicator.
    public private(set) var isLoading = false
    /// The last login's error, cleared by the next attempt.
    public private(set) var errorMessage: String?

    public static let invalidEmailMessage = "無効なメールアドレス形式です"
    public static let invalidCredentialsMessage = "Invalid credentials"
    public static let networkErrorMessage = "通信エラーが発生しました"

    private let api: any ShopAPI

    public init(api: any ShopAPI, email: String = "") {
        self.api = api
        self.email = email
    }

    /// Whether the email is well formed: something, an @, a domain with a dot.
    public var isEmailValid: Bool {
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !email.contains(where: \.isWhitespace) else { return false }
        let domain = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return domain.count >= 2 && domain.allSatisfy { !$0.isEmpty }
    }

    /// The message under the email field: shown once something was typed that is not an email.
    public var emailError: String? {
        email.isEmpty || isEmailValid ? nil : Self.invalidEmailMessage
    }

    public var isLoginEnabled: Bool {
        isEmailValid && !password.isEmpty && !isLoading
    }

    /// Logs in; returns the session, or nil with ``errorMessage`` set.
    public func login() async -> UserSession? {
        guard isLoginEnabled else { return nil }
        isLoading = true
        errorMessage = nil
        defer { isLoading = false }
        do {
            return try await api.login(email: email, password: password)
        } catch ShopAPIError.invalidCredentials {
            errorMessage = Self.invalidCredentialsMessage
        } catch {
            errorMessage = Self.networkErrorMessage
        }
        return nil
    }
}
