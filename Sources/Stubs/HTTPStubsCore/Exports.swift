// Stub bodies and mappings are JSONValue, the package's one JSON value.
@_exported import PyramidJSON
