import Observation
import RegisterFeature
import Scenario
import Testing

// RegisterUseCaseGRPCProtocolMock and BigQueryUseCaseProtocolMock are generated at build
// time by PyramidMocksPlugin from RegisterFeature's `/// @mockable` protocols; no mock
// file is committed. As seed 001 recommends: one @Suite per user input, Given/When/Then
// steps, Japanese display names, and a fresh view model in every test.

@MainActor
struct RegisterOrganizationFixture {
    let viewModel: RegisterOrganizationViewModel
    let registerUseCase = RegisterUseCaseGRPCProtocolMock()
    let bigQueryUseCase = BigQueryUseCaseProtocolMock()

    init() {
        viewModel = RegisterOrganizationViewModel(registerUseCase: registerUseCase, bigQueryUseCase: bigQueryUseCase)
    }
}

@Suite("個人法人選択画面", .scenario)
@MainActor
struct RegisterOrganizationViewModelTests {
    @Suite("onAppear: 画面表示時")
    @MainActor
    struct OnAppear {
        @Test("ログを送信し、「次へ」ボタンが非活性であること")
        func sendsLog() async {
            let fixture = await given("ログ送信を受け付けるユースケース") {
                let fixture = RegisterOrganizationFixture()
                fixture.bigQueryUseCase.addUserActionLogHandler = { log in
                    #expect(log.action == RegisterOrganizationViewModel.appearAction, "個人法人画面表示のログのActionが正しいこと")
                    return .empty()
                }
                return fixture
            }
            await when("画面を表示する") { fixture.viewModel.onAppear() }
            await then("ログを1回送信する") { #expect(fixture.bigQueryUseCase.addUserActionLogCallCount == 1) }
            await and("「次へ」ボタンは非活性") { #expect(!fixture.viewModel.isEnabledNextButton) }
        }
    }

    @Suite("onTapIndividual: 「個人」をタップした時")
    @MainActor
    struct OnTapIndividual {
        @Test("個人が選択状態になり、「次へ」が活性化されていること")
        func selectsIndividual() async {
            let fixture = await given("何も選択していない") { RegisterOrganizationFixture() }
            await when("「個人」をタップする") { fixture.viewModel.onTapIndividual() }
            await then("個人が選択状態になる") { #expect(fixture.viewModel.currentSelection == .individual) }
            await and("「次へ」が活性化される") { #expect(fixture.viewModel.isEnabledNextButton) }
        }
    }

    @Suite("onTapCorporation: 「法人」をタップした時")
    @MainActor
    struct OnTapCorporation {
        @Test("法人が選択状態になり、「次へ」が活性化されていること")
        func selectsCorporation() async {
            let fixture = await given("個人を選択している") {
                let fixture = RegisterOrganizationFixture()
                fixture.viewModel.onTapIndividual()
                return fixture
            }
            await when("「法人」をタップする") { fixture.viewModel.onTapCorporation() }
            await then("法人が選択状態になる") { #expect(fixture.viewModel.currentSelection == .corporation) }
            await and("「次へ」が活性化される") { #expect(fixture.viewModel.isEnabledNextButton) }
        }
    }

    @Suite("onTapNext: 「次へ」をタップした時")
    @MainActor
    struct OnTapNext {
        @Test(
            "選択中の種別で登録APIを叩き、基本情報画面に遷移すること",
            arguments: [EntryFormOrganizationType.individual, .corporation])
        func registersAndMovesOn(selection: EntryFormOrganizationType) async {
            let fixture = await given("\(selection)を選択していて、登録APIが成功する") {
                let fixture = RegisterOrganizationFixture()
                fixture.viewModel.currentSelection = selection
                fixture.registerUseCase.updatePrivateCorporationHandler = { organization in
                    #expect(organization == selection, "選択中の種別でリクエストされていること")
                    return .just(RegisterResponse(nextScreen: "basicInfo"))
                }
                return fixture
            }
            let loading = ObservationRecorder(fixture.viewModel, \.isLoading)
            await when("「次へ」をタップする") { fixture.viewModel.onTapNext() }
            await then("登録APIを1回叩く") { #expect(fixture.registerUseCase.updatePrivateCorporationCallCount == 1) }
            await and("通信中だけ読み込み中になる") { #expect(loading.values == [false, true, false]) }
            await and("基本情報画面に遷移し、アラートは出ない") {
                #expect(fixture.viewModel.isShownBasicInfoScreen)
                #expect(!fixture.viewModel.isShownAlert)
            }
        }

        @Test("登録APIでエラーが発生した場合、エラーダイアログが表示されること")
        func showsAlertOnError() async {
            let fixture = await given("個人を選択していて、登録APIが失敗する") {
                let fixture = RegisterOrganizationFixture()
                fixture.viewModel.currentSelection = .individual
                fixture.registerUseCase.updatePrivateCorporationHandler = { _ in .error(APIError(message: "offline")) }
                return fixture
            }
            await when("「次へ」をタップする") { fixture.viewModel.onTapNext() }
            await then("アラートを表示する") { #expect(fixture.viewModel.isShownAlert) }
            await but("基本情報画面には遷移しない") { #expect(!fixture.viewModel.isShownBasicInfoScreen) }
        }

        @Test("未選択では登録APIを叩かないこと")
        func nothingSelected() async {
            let fixture = await given("何も選択していない") { RegisterOrganizationFixture() }
            await when("「次へ」をタップする") { fixture.viewModel.onTapNext() }
            await then("登録APIを叩かず、画面も変わらない") {
                #expect(fixture.registerUseCase.updatePrivateCorporationCallCount == 0)
                #expect(!fixture.viewModel.isShownBasicInfoScreen && !fixture.viewModel.isShownAlert)
            }
        }
    }
}
