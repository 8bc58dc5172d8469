import Foundation

/// The organisation type chosen on the seed's "individual or corporation" screen.
enum EntryFormOrganizationType: String, Equatable {
    case individual
    case corporation
}

struct UserActionLog: Equatable {
    var action: String
}

struct RegisterResponse: Equatable {
    var nextScreen: String
}

struct APIError: Error, Equatable {
    var message: String
}

/// The seed's use cases return Rx-style streams: `.just(value)`, `.empty()`, `.error(e)`.
enum Single<Element> {
    case just(Element)
    case empty
    case error(Error)

    static func empty() -> Single { .empty }
}

/// @mockable
protocol RegisterUseCaseGRPCProtocol {
    func updatePrivateCorporation(_ organization: EntryFormOrganizationType) -> Single<RegisterResponse>
}

/// @mockable
protocol BigQueryUseCaseProtocol {
    func addUserActionLog(_ log: UserActionLog) -> Single<Void>
}
