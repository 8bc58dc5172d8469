import Units

/// A parcel's weight in grams, its box (50 g) included: code in two modules, run by one test.
public func parcelGrams(_ kilograms: Int) -> Int {
    grams(kilograms) + 50
}
