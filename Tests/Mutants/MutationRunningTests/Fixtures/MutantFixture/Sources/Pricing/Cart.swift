/// The last item of a cart that is not empty.
public func lastItem(_ items: [Int]) -> Int {
    items[items.count - 1]
}
