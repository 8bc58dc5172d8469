struct Square: Shape {}
struct Plug: Adapter {}
struct Socket: KeyedAdapter {}

@main
struct Program {
    static func main() async throws {
        let drawing = DrawingMock()
        drawing.fillHandler = { shape in shape is Square ? 4 : 0 }
        precondition(drawing.fill(Square()) == 4)

        // A non-escaping generic closure reaches the handler while the call lasts.
        drawing.transformHandler = { closure in (closure as! (String) -> Int)("four") }
        precondition(drawing.transform { (text: String) in text.count } == 4)
        // A closure generic only in its result keeps its shape (mockolo's `(Int) -> Any`).
        drawing.produceHandler = { make in make(7) }
        let made: String = try drawing.produce { "#\($0)" }
        precondition(made == "#7")

        // An implicitly unwrapped parameter and result reach the handler as the plain type, as in mockolo.
        precondition(drawing.measure(x: nil) == nil)
        drawing.measureHandler = { x in x * 2 }
        precondition(drawing.measure(x: 21) == 42)

        let other = DrawingMock()
        drawing.copyHandler = { other }
        precondition(drawing.copy() === other)

        drawing.mark(1, "a", first: true, default: 0.5)
        precondition(drawing.markArgValues.count == 1 && drawing.markArgValues[0]._1 == "a")
        precondition(drawing.markArgValues[0].throws && drawing.markArgValues[0].default == 0.5)
        drawing.keep(value: 3, fallback: nil)
        precondition(drawing.keepArgValues[0].value as? Int == 3 && drawing.keepArgValues[0].fallback == nil)

        let storing = StoringMock()
        storing.connect(adapter: Plug())
        storing.connect(adapter: Socket())
        precondition(storing.connectCallCount == 1 && storing.connectAdapterCallCount == 1)

        let keyed = KeyedMock<String>()
        keyed.valueHandler = { key in key.uppercased() }
        precondition(keyed.value(for: "k") == "K")

        let box: any IntBox = IntBoxMock()
        precondition(box is IntBoxMock)

        let catalogue = CatalogueMock<Substring>()
        catalogue.findHandler = { id in id == "x" }
        precondition(catalogue.find("x"))
        let loading = LoadingMock(current: 3)
        let current = try await loading.current
        precondition(current == 3)
        loading.currentHandler = { throw LoadError.failed }
        do {
            _ = try await loading.current
            preconditionFailure("the getter throws what its handler throws")
        } catch LoadError.failed {}
        loading.nameHandler = { () throws(LoadError) -> String in throw .failed }
        precondition((try? loading.name) == nil)
        LoadingMock.sharedHandler = { 9 }
        let shared = await LoadingMock.shared
        precondition(shared == 9)
        let counting = CountingMock(count: 2)
        counting.nextHandler = { counting.count + 1 }
        precondition(counting.next() == 3 && counting.nextCallCount == 1)
        let flagged = FlaggedMock()
        flagged.runHandler = { value in precondition(value == 5) }
        flagged.run(value: 5)
        precondition(flagged.runCallCount == 1 && flagged.always() == 0)
        let delegate = Screen.DelegateMock()
        delegate.didTap(1)
        precondition(delegate.didTapCallCount == 1)
        Outer.Inner.ListenerMock.makeHandler = { 8 }
        precondition(Outer.Inner.ListenerMock.make() == 8)
        print("all checks passed")
    }
}
