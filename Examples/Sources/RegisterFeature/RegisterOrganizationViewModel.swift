import Observation

/// The seed's "individual or corporation" screen: choosing enables Next, Next calls the
/// registration API and moves on or shows an alert.
@MainActor
@Observable
public final class RegisterOrganizationViewModel {
    @ObservationIgnored private let registerUseCase: RegisterUseCaseGRPCProtocol
    @ObservationIgnored private let bigQueryUseCase: BigQueryUseCaseProtocol

    public var currentSelection: EntryFormOrganizationType?
    public private(set) var isLoading = false
    public private(set) var isShownAlert = false
    public private(set) var isShownBasicInfoScreen = false
    public var isEnabledNextButton: Bool { currentSelection != nil && !isLoading }

    public static let appearAction = "register_organization_view"

    public init(registerUseCase: RegisterUseCaseGRPCProtocol, bigQueryUseCase: BigQueryUseCaseProtocol) {
        self.registerUseCase = registerUseCase
        self.bigQueryUseCase = bigQueryUseCase
    }

    /// The screen appeared: log it.
    public func onAppear() {
        _ = bigQueryUseCase.addUserActionLog(UserActionLog(action: Self.appearAction))
    }

    public func onTapIndividual() { currentSelection = .individual }

    public func onTapCorporation() { currentSelection = .corporation }

    /// Next: register the selection, then go on to basic info or show an alert.
    public func onTapNext() {
        guard let currentSelection, !isLoading else { return }
        isLoading = true
        defer { isLoading = false }
        switch registerUseCase.updatePrivateCorporation(currentSelection) {
        case .just:
            isShownBasicInfoScreen = true
        case .error:
            isShownAlert = true
        case .empty:
            break
        }
    }
}
