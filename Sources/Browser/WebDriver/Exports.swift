// Every module that speaks JSON hands out the one JSONValue.
@_exported import PyramidJSON
