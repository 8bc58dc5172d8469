/// @mockable
protocol Scheduling {
    func schedule(after delay: Double, _ work: @escaping () -> Void)
    func perform(_ work: () -> Void)
    func transform(_ value: Int, with mapper: @escaping @Sendable (Int) -> String) -> String
    func check(_ condition: @autoclosure () -> Bool) -> Bool
    func completion(_ done: @escaping (Result<Int, Error>) -> Void)
    func maker() -> (Int) -> String
    var onChange: ((Int) -> Void)? { get set }
}
