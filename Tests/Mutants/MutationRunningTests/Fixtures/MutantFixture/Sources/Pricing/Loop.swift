/// 1 + 2 + … + n, counted up one at a time (wrapping, so no mutant of it traps).
public func triangle(_ n: Int) -> Int {
    var total = 0
    var i = 1
    while i <= n {
        total = total &+ i
        i = i + 1
    }
    return total
}
