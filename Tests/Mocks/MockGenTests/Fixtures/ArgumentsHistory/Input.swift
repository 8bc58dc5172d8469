typealias UploadCompletion = (Result<Int, any Error>) -> Void

/// @mockable
protocol Analytics {
    func log(event: String, parameters: [String: String])
    func count(_ value: Int)
    func flush(_ completion: () -> Void)
    func record<T>(_ value: T)
    // Closures are not kept in the history, escaping or not, spelled out or through a typealias.
    func upload(batch: [String], completion: @escaping UploadCompletion)
    func retry(after: @escaping () -> Void)
    func observe(_ handler: ((Int) -> Void)?)
}
