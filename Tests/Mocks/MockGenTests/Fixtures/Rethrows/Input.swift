/// @mockable
protocol Mapping {
    func map(_ transform: (Int) throws -> Int) rethrows -> [Int]
    func each(_ body: (String) throws -> Void) rethrows
    func retry(times: Int, _ operation: () throws -> String) rethrows -> String
}
