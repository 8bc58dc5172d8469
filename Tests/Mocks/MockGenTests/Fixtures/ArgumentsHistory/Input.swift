/// @mockable
protocol Analytics {
    func log(event: String, parameters: [String: String])
    func count(_ value: Int)
    func flush(_ completion: () -> Void)
    func record<T>(_ value: T)
}
