package import Foundation

/// What writing a recording to a root directory did (``StubRootDirectory/write(_:replacingSameRequests:)``):
/// the mapping files written, and the older ones it replaced.
///
/// Recording a request again replaces the mapping an earlier recording wrote for it, so that
/// `pyramid stubs serve` and `pyramid stubs verify` judge one mapping a request. Two mappings
/// are of the same request when their request patterns are the same in WireMock's JSON:
/// method, `url` (path and query), captured headers and body pattern.
public struct SavedRecording: Sendable {
    /// An older mapping file removed because the recording wrote one of the same request.
    package struct Replacement: Sendable, Hashable {
        /// The file removed.
        package var removed: String
        /// The file written in its place.
        package var by: String
        /// The request, as `GET /items?page=1`.
        package var request: String

        /// `removed` replaced by `by`, a mapping of `request`.
        package init(removed: String, by: String, request: String) {
            self.removed = removed
            self.by = by
            self.request = request
        }
    }

    /// The mapping files written, in the recording's order.
    public var mappings: [String] = []
    /// The older mapping files removed, each with the one written in its place.
    package var replaced: [Replacement] = []
    /// Body files in `__files/` that only the removed mappings read, removed with them.
    package var removedBodies: [String] = []
    /// Mapping files that hold a mapping of a request just recorded beside mappings of other
    /// requests: left as they are, to edit by hand (a file is replaced only as a whole).
    package var leftInPlace: [String] = []
    /// The ids of the stubs the removed files held, so a server serving them can drop them.
    package var replacedStubIDs: [UUID] = []
}
