// `import VisualTesting` brings the matrix, manifests, catalog, reports and gallery
// (VisualTestingCore) with the assertions and macros defined here.
@_spi(PyramidTools) @_exported import VisualTestingCore
