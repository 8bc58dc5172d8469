import ArgumentParser

/// `--proxy-timeout SECONDS`: how long a real API may take to answer one proxied request before
/// the client gets a 504, as `pyramid stubs serve` (for `proxyBaseUrl` mappings and recordings
/// started through the admin API) and `pyramid stubs record` take it.
struct ProxyTimeoutOption: ParsableArguments {
    @Option(name: .customLong("proxy-timeout"), help: "Seconds the real API may take to answer one proxied request; a 504 after.")
    var seconds: Double = 30

    func validate() throws {
        guard seconds > 0, seconds <= 3600 else {
            throw StubsFailure.invalidOption(name: "--proxy-timeout", value: String(seconds), reason: "is not between 0 and 3600 seconds")
        }
    }

    /// The timeout, once ``validate()`` has accepted it.
    var duration: Duration { .milliseconds(Int64(seconds * 1000)) }
}
