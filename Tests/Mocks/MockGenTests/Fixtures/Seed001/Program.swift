/// The seed's RegisterOrganizationViewModel, tested Given/When/Then with the generated mocks.
@MainActor
final class RegisterOrganizationViewModel {
    private let registerUseCase: RegisterUseCaseGRPCProtocol
    private let bigQueryUseCase: BigQueryUseCaseProtocol
    var currentSelection: EntryFormOrganizationType?
    var isShownAlert = false
    var isShownBasicInfoScreen = false
    var isEnabledNextButton: Bool { currentSelection != nil }

    init(registerUseCase: RegisterUseCaseGRPCProtocol, bigQueryUseCase: BigQueryUseCaseProtocol) {
        self.registerUseCase = registerUseCase
        self.bigQueryUseCase = bigQueryUseCase
    }

    func onAppear() { _ = bigQueryUseCase.addUserActionLog(UserActionLog(action: "register_organization_view")) }
    func onTapIndividual() { currentSelection = .individual }
    func onTapNext() {
        guard let currentSelection else { return }
        switch registerUseCase.updatePrivateCorporation(currentSelection) {
        case .just: isShownBasicInfoScreen = true
        case .error: isShownAlert = true
        case .empty: break
        }
    }
}

@main
struct Program {
    @MainActor
    static func main() {
        // Given
        let registerUseCaseMock = RegisterUseCaseGRPCProtocolMock()
        let bigQueryUseCaseMock = BigQueryUseCaseProtocolMock()
        let viewModel = RegisterOrganizationViewModel(registerUseCase: registerUseCaseMock, bigQueryUseCase: bigQueryUseCaseMock)
        var loggedAction: String?
        bigQueryUseCaseMock.addUserActionLogHandler = { log in
            loggedAction = log.action
            return .empty()
        }
        // When
        viewModel.onAppear()
        // Then
        precondition(bigQueryUseCaseMock.addUserActionLogCallCount == 1, "the log is sent once")
        precondition(loggedAction == "register_organization_view", "the log names the screen")
        precondition(!viewModel.isEnabledNextButton, "Next starts disabled")

        // Given
        var requested: EntryFormOrganizationType?
        registerUseCaseMock.updatePrivateCorporationHandler = { organization in
            requested = organization
            return .just(RegisterResponse(nextScreen: "basicInfo"))
        }
        viewModel.onTapIndividual()
        // When
        viewModel.onTapNext()
        // Then
        precondition(registerUseCaseMock.updatePrivateCorporationCallCount == 1, "the API is called once")
        precondition(requested == .individual, "with the chosen organisation")
        precondition(viewModel.isShownBasicInfoScreen && !viewModel.isShownAlert, "and moves on")

        // Given an API error
        registerUseCaseMock.updatePrivateCorporationHandler = { _ in .error(APIError(message: "offline")) }
        viewModel.isShownBasicInfoScreen = false
        // When
        viewModel.onTapNext()
        // Then
        precondition(registerUseCaseMock.updatePrivateCorporationCallCount == 2)
        precondition(viewModel.isShownAlert && !viewModel.isShownBasicInfoScreen, "an alert, no navigation")
        print("all checks passed")
    }
}
