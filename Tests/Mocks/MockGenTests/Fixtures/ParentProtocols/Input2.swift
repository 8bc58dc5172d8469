protocol Logging {
    func log(_ message: String)
}

/// @mockable
protocol AdminProfile: Profile, Logging {
    func grant(_ role: String) async throws
}
