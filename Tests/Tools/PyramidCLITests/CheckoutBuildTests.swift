import Testing

/// The tests that run SwiftPM in this checkout's own build folder: the demo builds the reference
/// app there (beside `pyramid`'s modules), and `pyramid spec` runs this package's fixture tests
/// there. Two SwiftPMs working in one build folder at once fail ("database is locked"), so these
/// suites run one at a time, each test after the other.
@Suite(.serialized) enum CheckoutBuildTests {}
