import Foundation

/// Which kind of member is registering: the seed's "individual or corporation" choice.
public enum EntryFormOrganizationType: String, Equatable, Sendable {
    case individual
    case corporation
}

/// A user action sent to analytics.
public struct UserActionLog: Equatable, Sendable {
    public var action: String

    public init(action: String) { self.action = action }
}

/// The registration API's answer.
public struct RegisterResponse: Equatable, Sendable {
    public var nextScreen: String

    public init(nextScreen: String) { self.nextScreen = nextScreen }
}

/// An API failure.
public struct APIError: Error, Equatable, Sendable {
    public var message: String

    public init(message: String) { self.message = message }
}

/// The seed's use cases return Rx-style single results: `.just(value)`, `.empty()`, `.error(e)`.
public enum Single<Element> {
    case just(Element)
    case empty
    case error(any Error)

    public static func empty() -> Single { .empty }
}

/// Registers the member's organisation type over gRPC.
/// @mockable
public protocol RegisterUseCaseGRPCProtocol {
    func updatePrivateCorporation(_ organization: EntryFormOrganizationType) -> Single<RegisterResponse>
}

/// Sends user actions to BigQuery.
/// @mockable
public protocol BigQueryUseCaseProtocol {
    func addUserActionLog(_ log: UserActionLog) -> Single<Void>
}
