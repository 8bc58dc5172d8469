@main
struct Program {
    static func main() {
        FactoryMock.makeHandler = { name in
            let made = FactoryMock()
            made.buildHandler = { "built \(name)" }
            return made
        }
        precondition(FactoryMock.make(name: "a").build() == "built a")
        precondition(FactoryMock.makeCallCount == 1)
        FactoryMock.defaultName = "x"
        precondition(FactoryMock.defaultName == "x" && FactoryMock.defaultNameSetCallCount == 1)
        GenericFactoryMock<Int>.makeHandler = { 42 }
        precondition(GenericFactoryMock<Int>.make() == 42)
        GenericFactoryMock<Int>.latest = 5
        precondition(GenericFactoryMock<Int>.latest == 5)
        GenericFactoryMock<Int>.register(9)
        precondition(GenericFactoryMock<Int>.registerCallCount == 1)
        print("all checks passed")
    }
}
