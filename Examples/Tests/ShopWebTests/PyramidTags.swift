import Testing

/// `pyramid spec` reads the level by the tag's name.
extension Tag {
    @Tag static var unit: Self
}
