// `import HTTPStubs` brings the rules, the registry, the journal and WireMock's formats
// (HTTPStubsCore) with the URLSession transport and the test trait defined here.
@_exported import HTTPStubsCore
