/// The kind of test bundle Xcode gave a test target, as its result bundle records it.
package enum TestBundleKind: String, Sendable, Equatable {
    /// A unit test bundle (hosted in an app or not).
    case unit
    /// A UI test bundle: its tests drive the app from another process.
    case ui
}
