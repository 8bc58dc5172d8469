import RegisterFeature
import Testing

// RegisterUseCaseGRPCProtocolMock and BigQueryUseCaseProtocolMock are generated at build
// time by PyramidMocksPlugin from RegisterFeature's `/// @mockable` protocols; no mock
// file is committed. The tests follow seed 001's Given/When/Then style.

@Suite
@MainActor
struct RegisterOrganizationViewModelTests {
    static func setUp() -> (
        viewModel: RegisterOrganizationViewModel,
        registerUseCaseMock: RegisterUseCaseGRPCProtocolMock,
        bigQueryUseCaseMock: BigQueryUseCaseProtocolMock
    ) {
        let registerUseCaseMock = RegisterUseCaseGRPCProtocolMock()
        let bigQueryUseCaseMock = BigQueryUseCaseProtocolMock()
        let viewModel = RegisterOrganizationViewModel(registerUseCase: registerUseCaseMock, bigQueryUseCase: bigQueryUseCaseMock)
        return (viewModel, registerUseCaseMock, bigQueryUseCaseMock)
    }

    @Test("onAppear: 画面表示時、ログを送信し、「次へ」ボタンが非活性であること")
    func onAppear() {
        // Given
        let (viewModel, _, bigQueryUseCaseMock) = Self.setUp()
        bigQueryUseCaseMock.addUserActionLogHandler = { log in
            #expect(log.action == RegisterOrganizationViewModel.appearAction, "個人法人画面表示のログのActionが正しいこと")
            return .empty()
        }

        // When
        viewModel.onAppear()

        // Then
        #expect(bigQueryUseCaseMock.addUserActionLogCallCount == 1, "ログを送信していること")
        #expect(!viewModel.isEnabledNextButton, "「次へ」ボタンが非活性であること")
    }

    @Test("onTapIndividual: 「個人」をタップした時、個人が選択状態になり、「次へ」が活性化されていること")
    func onTapIndividual() {
        // Given
        let (viewModel, _, _) = Self.setUp()
        // When
        viewModel.onTapIndividual()
        // Then
        #expect(viewModel.currentSelection == .individual, "個人が選択状態になっていること")
        #expect(viewModel.isEnabledNextButton, "「次へ」ボタンが有効化されていること")
    }

    @Test("onTapCorporation: 「法人」をタップした時、法人が選択状態になり、「次へ」が活性化されていること")
    func onTapCorporation() {
        // Given
        let (viewModel, _, _) = Self.setUp()
        // When
        viewModel.onTapCorporation()
        // Then
        #expect(viewModel.currentSelection == .corporation, "法人が選択されていること")
        #expect(viewModel.isEnabledNextButton, "「次へ」ボタンが有効化されていること")
    }

    @Suite("onTapNext: 「次へ」をタップした時")
    @MainActor
    struct OnTapNext {
        @Test("選択中の種別で登録APIを叩き、成功したら基本情報画面に遷移すること", arguments: [
            EntryFormOrganizationType.individual, .corporation,
        ])
        func registersAndMovesOn(selection: EntryFormOrganizationType) {
            // Given
            let (viewModel, registerUseCaseMock, _) = RegisterOrganizationViewModelTests.setUp()
            viewModel.currentSelection = selection
            registerUseCaseMock.updatePrivateCorporationHandler = { organization in
                #expect(organization == selection, "選択中の種別でリクエストされていること")
                return .just(RegisterResponse(nextScreen: "basicInfo"))
            }
            // When
            viewModel.onTapNext()
            // Then
            #expect(registerUseCaseMock.updatePrivateCorporationCallCount == 1, "登録APIを叩いていること")
            #expect(viewModel.isShownBasicInfoScreen, "基本情報画面に遷移すること")
            #expect(!viewModel.isShownAlert)
        }

        @Test("登録APIでエラーが発生した場合、エラーダイアログが表示されること")
        func showsAlertOnError() {
            // Given
            let (viewModel, registerUseCaseMock, _) = RegisterOrganizationViewModelTests.setUp()
            viewModel.currentSelection = .individual
            registerUseCaseMock.updatePrivateCorporationHandler = { _ in .error(APIError(message: "offline")) }
            // When
            viewModel.onTapNext()
            // Then
            #expect(registerUseCaseMock.updatePrivateCorporationCallCount == 1, "登録APIを叩いていること")
            #expect(viewModel.isShownAlert, "アラートが表示されていること")
            #expect(!viewModel.isShownBasicInfoScreen, "基本情報画面に遷移しないこと")
        }

        @Test("未選択では登録APIを叩かないこと")
        func nothingSelected() {
            // Given
            let (viewModel, registerUseCaseMock, _) = RegisterOrganizationViewModelTests.setUp()
            // When
            viewModel.onTapNext()
            // Then
            #expect(registerUseCaseMock.updatePrivateCorporationCallCount == 0)
            #expect(!viewModel.isShownBasicInfoScreen && !viewModel.isShownAlert)
        }
    }
}
