import Foundation
import OpenCombineShim

/// Seed 000's user list: an `ObservableObject` whose loading flag, users and error are
/// `@Published` (Combine on Apple, OpenCombine on Linux).
@MainActor
public final class UserListViewModel: ObservableObject {
    @Published public private(set) var users: [User] = []
    @Published public private(set) var isLoading = false
    @Published public private(set) var error: (any Error)?

    private let repository: any UserRepositoryProtocol

    public init(repository: any UserRepositoryProtocol) {
        self.repository = repository
    }

    public func loadUsers() async {
        isLoading = true
        error = nil
        defer { isLoading = false }
        do {
            users = try await repository.fetchUsers()
        } catch {
            self.error = error
        }
    }

    public func deleteUser(at offsets: IndexSet) async {
        guard let index = offsets.first, users.indices.contains(index) else { return }
        do {
            try await repository.deleteUser(id: users[index].id)
            users.remove(at: index)
        } catch {
            self.error = error
        }
    }
}
