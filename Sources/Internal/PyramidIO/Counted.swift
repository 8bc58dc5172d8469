/// "1 test", "2 tests", "0 tests": a count and its noun in the right number.
/// - Parameter plural: the plural form, when it is not the noun with an "s".
package func counted(_ count: Int, _ noun: String, plural: String? = nil) -> String {
    "\(count) \(count == 1 ? noun : plural ?? noun + "s")"
}
