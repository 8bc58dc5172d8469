/// @mockable
protocol Keywords {
    func `default`(for: Int, in: String) -> Int
    func `import`(_ `class`: String)
    func move(from: Int, to: Int)
}
