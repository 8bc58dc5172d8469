// `HTMLPage(…, pool:)` takes the process's one browser pool, so `import ChromiumRenderer`
// gives the pool and its options without importing WebDriver.
@_exported import class WebDriver.BrowserPool
@_exported import struct WebDriver.ChromiumOptions
