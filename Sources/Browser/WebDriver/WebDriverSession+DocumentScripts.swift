// Scripts every new document runs before its own, kept by name with the session.
import PyramidIO

extension WebDriverSession {
    /// Makes `source` the script named `name` that every new document of this session runs
    /// before the page's own scripts (DevTools' `Page.addScriptToEvaluateOnNewDocument`),
    /// replacing the script added under that name before, by any copy of this session.
    ///
    /// The session keeps the names, so a driver that takes over a session (the next test on a
    /// pooled browser) removes what the previous one added without any process-wide table.
    /// Setting the same source again sends nothing.
    /// - Throws: ``WebDriverError/devToolsUnavailable(command:remoteEnd:)`` on an end that
    ///   does not forward DevTools commands.
    package func setDocumentScript(_ source: String, named name: String) async throws {
        if documentScripts.withValue({ $0[name]?.source == source }) { return }
        try await removeDocumentScript(named: name)
        let added = try await devTools("Page.addScriptToEvaluateOnNewDocument", ["source": .string(source)])
        let identifier = added["identifier"]?.stringValue ?? ""
        documentScripts.withValue { $0[name] = (source, identifier) }
    }

    /// Removes the script added as `name`, if there is one. Documents loaded already keep it.
    package func removeDocumentScript(named name: String) async throws {
        guard let previous = documentScripts.withValue({ $0.removeValue(forKey: name) }) else { return }
        try await devTools("Page.removeScriptToEvaluateOnNewDocument", ["identifier": .string(previous.identifier)])
    }
}
