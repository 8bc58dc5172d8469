@main
struct Program {
    static func main() {
        let first = TokenMock(raw: "a")
        let second = TokenMock(raw: "a")
        precondition(first == first && first != second)
        precondition(Set([first, first, second]).count == 2)
        precondition((first < second) != (second < first))
        first.description = "token a"
        precondition("\(first)" == "token a")

        let on = FlagMock()
        FlagMock.allCases = [on, FlagMock()]
        precondition(FlagMock.allCases.count == 2 && FlagMock.allCases.first === on)
        FlagMock.nameHandler = { flag in flag === on ? "on" : "off" }
        precondition(FlagMock.name(for: on) == "on")
        FlagMock.makeHandler = { on }
        precondition(FlagMock.make() === on)
        on.mergedHandler = { other in other }
        let other = FlagMock()
        precondition(on.merged(with: other) === other)

        StringContainerMock<Substring>.updateHandler = { value in value.count }
        precondition(StringContainerMock<Substring>.update("four") as? Int == 4)
        StringContainerMock<Substring>.describeHandler = { initial in "\(initial ?? "none")" }
        precondition(StringContainerMock<Substring>.describe(nil) == "none")

        let identified = IdentifiedMock(id: "x")
        identified.sameHandler = { other in other.id == "x" }
        precondition(identified.same(as: identified) && identified.id == "x")
        print("all checks passed")
    }
}
