import Testing

/// The pyramid levels of the shop core's tests, which `pyramid spec` reads by name.
extension Tag {
    @Tag static var unit: Self
    @Tag static var integration: Self
}
