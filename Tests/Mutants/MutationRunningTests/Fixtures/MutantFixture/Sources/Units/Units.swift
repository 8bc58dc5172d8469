/// Kilograms in grams.
public func grams(_ kilograms: Int) -> Int {
    kilograms * 1000
}
