import Scenario
import ShopCore
import Testing

// ShopAPIMock is generated at build time by PyramidMocksPlugin from ShopCore's `/// @mockable`
// protocol; no mock file is committed. Seed 001's form: a suite per input, Given/When/Then.

@MainActor
struct LoginFixture {
    let api = ShopAPIMock()
    let viewModel: LoginViewModel

    init(email: String = "", password: String = "") {
        viewModel = LoginViewModel(api: api, email: email)
        viewModel.password = password
    }
}

@Suite("ログイン画面の ViewModel", .scenario, .tags(.unit))
@MainActor
struct LoginViewModelTests {
    @Suite("入力の検証")
    @MainActor
    struct Validation {
        @Test("空の状態ではログインボタンが無効で、エラーは出ない")
        func empty() async {
            let fixture = await given("何も入力していない") { LoginFixture() }
            await then("ログインボタンは無効") { #expect(!fixture.viewModel.isLoginEnabled) }
            await and("メールのエラーは出ない") { #expect(fixture.viewModel.emailError == nil) }
        }

        @Test("不正なメールアドレスでは形式のエラーが出て、ボタンは無効のまま", arguments: ["invalid-email", "a@b", "@example.com", "a b@example.com", "a@example."])
        func invalidEmail(email: String) async {
            let fixture = await given("パスワードを入力済み") { LoginFixture(password: "password123") }
            await when("メールに「\(email)」と入力する") { fixture.viewModel.email = email }
            await then("形式のエラーが出る") { #expect(fixture.viewModel.emailError == "無効なメールアドレス形式です") }
            await and("ログインボタンは無効") { #expect(!fixture.viewModel.isLoginEnabled) }
        }

        @Test("正しいメールとパスワードでボタンが有効になる")
        func valid() async {
            let fixture = await given("メールを入力済み") { LoginFixture(email: "test@example.com") }
            await when("パスワードを入力する") { fixture.viewModel.password = "password123" }
            await then("ログインボタンは有効") { #expect(fixture.viewModel.isLoginEnabled) }
        }
    }

    @Suite("login: ログインボタンを押した時")
    @MainActor
    struct Login {
        @Test("成功するとセッションが返り、API には入力どおりの値が渡る")
        func success() async {
            let fixture = await given("API が成功する") {
                let fixture = LoginFixture(email: "test@example.com", password: "password123")
                fixture.api.loginHandler = { email, _ in UserSession(token: "t-1", email: email) }
                return fixture
            }
            let session = await when("ログインする") { await fixture.viewModel.login() }
            await then("セッションが返る") { #expect(session == UserSession(token: "t-1", email: "test@example.com")) }
            await and("API は一度、入力どおりに呼ばれる") {
                #expect(fixture.api.loginCallCount == 1)
                #expect(fixture.api.loginArgValues.first?.0 == "test@example.com")
                #expect(fixture.api.loginArgValues.first?.1 == "password123")
            }
            await and("読み込み中ではなく、エラーもない") {
                #expect(!fixture.viewModel.isLoading)
                #expect(fixture.viewModel.errorMessage == nil)
            }
        }

        @Test("資格情報が違うと Invalid credentials", arguments: [
            (ShopAPIError.invalidCredentials, "Invalid credentials"),
            (ShopAPIError.network, "通信エラーが発生しました"),
            (ShopAPIError.server(status: 503), "通信エラーが発生しました"),
        ])
        func failure(error: ShopAPIError, message: String) async {
            let fixture = await given("API が \(error) で失敗する") {
                let fixture = LoginFixture(email: "test@example.com", password: "wrong")
                fixture.api.loginHandler = { _, _ in throw error }
                return fixture
            }
            let session = await when("ログインする") { await fixture.viewModel.login() }
            await then("セッションは返らず「\(message)」が出る") {
                #expect(session == nil)
                #expect(fixture.viewModel.errorMessage == message)
            }
        }

        @Test("ボタンが無効な間は API を呼ばない")
        func disabled() async {
            let fixture = await given("メールが不正") { LoginFixture(email: "invalid-email", password: "password123") }
            let session = await when("ログインする") { await fixture.viewModel.login() }
            await then("何も起きない") {
                #expect(session == nil)
                #expect(fixture.api.loginCallCount == 0)
            }
        }

        @Test("待っている間は読み込み中で、ボタンは無効になる")
        func loading() async {
            let gate = Gate<UserSession>()
            let fixture = await given("API の応答を止めておく") {
                let fixture = LoginFixture(email: "test@example.com", password: "password123")
                fixture.api.loginHandler = { _, _ in try await gate.pass() }
                return fixture
            }
            let login = Task { await fixture.viewModel.login() }
            await when("ログインの要求が API に届く") { await gate.waitForArrival() }
            await then("読み込み中になり、ボタンは無効") {
                #expect(fixture.viewModel.isLoading)
                #expect(!fixture.viewModel.isLoginEnabled)
            }
            gate.open(returning: UserSession(token: "t", email: "test@example.com"))
            let session = await login.value
            await and("応答の後はセッションが返り、読み込み中でない") {
                #expect(session?.token == "t")
                #expect(!fixture.viewModel.isLoading)
            }
        }
    }
}
