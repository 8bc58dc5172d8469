/// @mockable
protocol Storage {
    subscript(key: String) -> Int { get set }
    subscript(index: Int) -> String? { get }
    subscript<T>(typed key: String) -> T? { get }
}
