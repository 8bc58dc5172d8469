import RegisterFeature

/// Seed 001's use cases as the app runs them: registration succeeds unless the API is
/// unreachable (the `network_error` scenario), and each logged action is kept in order.
@MainActor
public final class ShopRegistration: @MainActor RegisterUseCaseGRPCProtocol, @MainActor BigQueryUseCaseProtocol {
    public private(set) var registered: [EntryFormOrganizationType] = []
    public private(set) var logs: [UserActionLog] = []
    let failsNetwork: Bool

    public init(failsNetwork: Bool) {
        self.failsNetwork = failsNetwork
    }

    public func updatePrivateCorporation(_ organization: EntryFormOrganizationType) -> Single<RegisterResponse> {
        if failsNetwork { return .error(APIError(message: "通信エラーが発生しました")) }
        registered.append(organization)
        return .just(RegisterResponse(nextScreen: "basic_info"))
    }

    public func addUserActionLog(_ log: UserActionLog) -> Single<Void> {
        logs.append(log)
        return .just(())
    }
}
