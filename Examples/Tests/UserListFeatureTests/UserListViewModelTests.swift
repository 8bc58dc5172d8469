import Foundation
import Scenario
import Testing
import UserListFeature

// UserRepositoryProtocolMock is generated at build time by PyramidMocksPlugin from the
// `/// @mockable` protocol in UserListFeature. Every test makes its own view model and mock.

private struct Offline: Error {}

private let alice = User(id: 1, name: "Alice", email: "alice@example.com")
private let bob = User(id: 2, name: "Bob", email: "bob@example.com")

@MainActor
private func makeViewModel() -> (UserListViewModel, UserRepositoryProtocolMock) {
    let repository = UserRepositoryProtocolMock()
    return (UserListViewModel(repository: repository), repository)
}

@Suite("ユーザー一覧", .scenario)
@MainActor
struct UserListViewModelTests {
    @Test("初期状態: ユーザーは空で、読み込み中でなく、エラーもないこと")
    func initialState() async {
        let (viewModel, _) = await given("新しい画面") { makeViewModel() }
        await then("何も表示していない") {
            #expect(viewModel.users.isEmpty)
            #expect(!viewModel.isLoading)
            #expect(viewModel.error == nil)
        }
    }

    @Test("読み込み成功: 取得したユーザーを表示し、読み込み中でもエラーでもないこと")
    func loadSuccess() async {
        let (viewModel, repository) = await given("リポジトリが2人のユーザーを返す") {
            let (viewModel, repository) = makeViewModel()
            repository.fetchUsersHandler = { [alice, bob] }
            return (viewModel, repository)
        }
        await when("ユーザーを読み込む") { await viewModel.loadUsers() }
        await then("AliceとBobを表示する") {
            #expect(viewModel.users.map(\.name) == ["Alice", "Bob"])
            #expect(repository.fetchUsersCallCount == 1)
        }
        await and("読み込み中でもエラーでもない") {
            #expect(!viewModel.isLoading)
            #expect(viewModel.error == nil)
        }
    }

    @Test("読み込み失敗: ユーザーは空のまま、エラーを保持すること")
    func loadFailure() async {
        let (viewModel, _) = await given("リポジトリが失敗する") {
            let (viewModel, repository) = makeViewModel()
            repository.fetchUsersHandler = { throw Offline() }
            return (viewModel, repository)
        }
        await when("ユーザーを読み込む") { await viewModel.loadUsers() }
        await then("エラーを保持し、ユーザーは空") {
            #expect(viewModel.error is Offline)
            #expect(viewModel.users.isEmpty)
            #expect(!viewModel.isLoading)
        }
    }

    @Test("読み込み中の状態: isLoading が false → true → false と変わること")
    func loadingSequence() async {
        let (viewModel, repository) = await given("応答を止めておけるリポジトリ") { makeViewModel() }
        let gate = Gate<[User]>("fetchUsers")
        repository.fetchUsersHandler = { try await gate.pass() }
        let loading = PublisherRecorder(viewModel.$isLoading)

        let task = await when("読み込みを始める") { Task { await viewModel.loadUsers() } }
        await then("応答を待つ間は読み込み中で、まだユーザーはいない") {
            await gate.waitForArrival()
            #expect(viewModel.isLoading)
            #expect(viewModel.users.isEmpty)
        }
        await when("応答が返る") {
            gate.open(returning: [alice])
            await task.value
        }
        await then("読み込み中の値は false, true, false の順に変わった") {
            #expect(loading.values == [false, true, false])
            #expect(viewModel.users == [alice])
        }
    }

    @Test("削除: 選んだユーザーを削除し、残りを表示すること")
    func deleteUser() async {
        let (viewModel, repository) = await given("AliceとBobを表示している") {
            let (viewModel, repository) = makeViewModel()
            repository.fetchUsersHandler = { [alice, bob] }
            repository.deleteUserHandler = { _ in }
            await viewModel.loadUsers()
            return (viewModel, repository)
        }
        await when("先頭のユーザーを削除する") { await viewModel.deleteUser(at: IndexSet(integer: 0)) }
        await then("Bobだけが残り、Aliceのidで削除APIを叩いた") {
            #expect(viewModel.users.map(\.name) == ["Bob"])
            #expect(repository.deleteUserArgValues == [1])
        }
    }

    @Test("削除失敗: ユーザーは残り、エラーを保持すること")
    func deleteFailure() async {
        let (viewModel, _) = await given("削除が失敗するリポジトリでAliceを表示している") {
            let (viewModel, repository) = makeViewModel()
            repository.fetchUsersHandler = { [alice] }
            repository.deleteUserHandler = { _ in throw Offline() }
            await viewModel.loadUsers()
            return (viewModel, repository)
        }
        await when("Aliceを削除する") { await viewModel.deleteUser(at: IndexSet(integer: 0)) }
        await then("Aliceは残り、エラーを保持する") {
            #expect(viewModel.users == [alice])
            #expect(viewModel.error is Offline)
        }
    }
}
