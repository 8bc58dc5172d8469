public import Foundation

/// The body a stub answers with.
public enum ResponseBody: Sendable, Hashable {
    /// No body.
    case empty
    /// These bytes.
    case data(Data)
    /// This text, as UTF-8.
    case text(String)
    /// This JSON, as compact UTF-8 text with sorted keys.
    case json(JSONValue)
    /// The contents of the file at this path, read when the stub answers.
    case file(String)
}
