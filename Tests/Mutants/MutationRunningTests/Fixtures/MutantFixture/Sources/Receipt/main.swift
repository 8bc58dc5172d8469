// The app: prints a receipt for the amounts given. Its code runs only in its own process.
let amounts = CommandLine.arguments.dropFirst().compactMap { Int($0) }
print(receipt(amounts))

func receipt(_ amounts: [Int]) -> String {
    var total = 0
    for amount in amounts {
        total = total + amount
    }
    return total > 100 ? "total \(total), free delivery" : "total \(total)"
}
