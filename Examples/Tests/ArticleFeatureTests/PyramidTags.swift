import Testing

/// The pyramid levels of seed 003's client tests, which `pyramid spec` reads by name: the
/// generated mock is a unit test; the real URLSession through HTTPStubs, in process or on a
/// socket, is an integration test.
extension Tag {
    @Tag static var unit: Self
    @Tag static var integration: Self
}
