import Greeting

let hour = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 20
let text = banner(greeting(for: "shop", hour: hour))
print(text)
// The test that launches the app checks that it greeted in the afternoon.
if !text.contains("Good afternoon") { fatalError("unexpected greeting: \(text)") }
