/// A member's discount: a tenth of an order of 100 or more.
public func discount(total: Int, member: Bool) -> Int {
    if member && total >= 100 {
        return total / 10
    }
    return 0
}

/// Shipping by weight: free for nothing, 3 under 5 kg, 8 from 5 kg.
public func shipping(weight: Int) -> Int {
    guard weight > 0 else { return 0 }
    return weight < 5 ? 3 : 8
}

/// The name shown for a customer; no test reaches it.
public func label(for name: String?) -> String {
    name ?? "guest"
}
