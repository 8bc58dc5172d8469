import Foundation

@main
struct Program {
    static func main() async throws {
        let decoding = DecodingMock()
        decoding.decodeHandler = { type, data in
            precondition(type is Int.Type)
            return data.count
        }
        let value: Int = try decoding.decode(Int.self, from: Data([1, 2, 3]))
        precondition(value == 3)
        decoding.firstHandler = { items in (items as? [String])?.first }
        precondition(decoding.first(of: ["a", "b"]) == "a")
        precondition(decoding.all() as [Int] == [])
        print("all checks passed")
    }
}
