import Foundation
import UserListFeature

/// Seed 000's `UserRepositoryProtocol` over the shop's API, so the app's user list is seed 000's
/// `UserListViewModel` itself, loading and deleting through ``ShopAPI``.
public struct MemberRepository: UserRepositoryProtocol {
    let api: any ShopAPI
    let session: UserSession

    public init(api: any ShopAPI, session: UserSession) {
        self.api = api
        self.session = session
    }

    public func fetchUsers() async throws -> [User] {
        try await api.users(session: session)
    }

    public func deleteUser(id: Int) async throws {
        try await api.deleteUser(id: id, session: session)
    }
}
