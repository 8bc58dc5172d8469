public import Testing
import TestEventStream

/// Runs a step that sets up the world the test starts from.
///
/// Steps work in any Swift Testing test, @MainActor or not, parameterised or not: each one
/// times its body, names itself in every failing issue recorded inside it ("Step: Given …"),
/// and attaches its record to the test so `pyramid spec` can show the scenario. A step passes
/// its body's value and error through unchanged.
///
/// ```swift
/// let viewModel = await given("法人を選択している") { makeViewModel(selection: .corporation) }
/// await when("「次へ」をタップする") { await viewModel.onTapNext() }
/// await then("登録APIを1回叩く") { #expect(useCase.registerCallCount == 1) }
/// ```
///
/// - Parameters:
///   - text: The step's words, as the scenario reads ("法人を選択している"); shown in failing issues and the living spec.
///   - sourceLocation: Where the step is written, for its record and for an error that escapes it.
///   - isolation: The caller's actor; the body runs on it, so a `@MainActor` test can touch its view model.
///   - body: The step's work. Failing expectations inside it are named after the step.
/// - Returns: The body's value.
/// - Throws: The body's error, unchanged.
@discardableResult
public func given<T, E: Error>(
    _ text: String,
    sourceLocation: SourceLocation = #_sourceLocation,
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws(E) -> T
) async throws(E) -> T {
    try await StepRunner.run(.given, text, sourceLocation, body)
}

/// Runs the step that performs the action under test. See ``given(_:sourceLocation:isolation:_:)``.
///
/// - Parameters:
///   - text: The step's words, as the scenario reads ("法人を選択している"); shown in failing issues and the living spec.
///   - sourceLocation: Where the step is written, for its record and for an error that escapes it.
///   - isolation: The caller's actor; the body runs on it, so a `@MainActor` test can touch its view model.
///   - body: The step's work. Failing expectations inside it are named after the step.
/// - Returns: The body's value.
/// - Throws: The body's error, unchanged.
@discardableResult
public func when<T, E: Error>(
    _ text: String,
    sourceLocation: SourceLocation = #_sourceLocation,
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws(E) -> T
) async throws(E) -> T {
    try await StepRunner.run(.when, text, sourceLocation, body)
}

/// Runs a step that checks an outcome. See ``given(_:sourceLocation:isolation:_:)``.
///
/// - Parameters:
///   - text: The step's words, as the scenario reads ("法人を選択している"); shown in failing issues and the living spec.
///   - sourceLocation: Where the step is written, for its record and for an error that escapes it.
///   - isolation: The caller's actor; the body runs on it, so a `@MainActor` test can touch its view model.
///   - body: The step's work. Failing expectations inside it are named after the step.
/// - Returns: The body's value.
/// - Throws: The body's error, unchanged.
@discardableResult
public func then<T, E: Error>(
    _ text: String,
    sourceLocation: SourceLocation = #_sourceLocation,
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws(E) -> T
) async throws(E) -> T {
    try await StepRunner.run(.then, text, sourceLocation, body)
}

/// Continues the previous step's kind: another precondition, action or outcome.
///
/// - Parameters:
///   - text: The step's words, as the scenario reads ("法人を選択している"); shown in failing issues and the living spec.
///   - sourceLocation: Where the step is written, for its record and for an error that escapes it.
///   - isolation: The caller's actor; the body runs on it, so a `@MainActor` test can touch its view model.
///   - body: The step's work. Failing expectations inside it are named after the step.
/// - Returns: The body's value.
/// - Throws: The body's error, unchanged.
@discardableResult
public func and<T, E: Error>(
    _ text: String,
    sourceLocation: SourceLocation = #_sourceLocation,
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws(E) -> T
) async throws(E) -> T {
    try await StepRunner.run(.and, text, sourceLocation, body)
}

/// Continues the previous step with a contrast: "But the API is not called".
///
/// - Parameters:
///   - text: The step's words, as the scenario reads ("法人を選択している"); shown in failing issues and the living spec.
///   - sourceLocation: Where the step is written, for its record and for an error that escapes it.
///   - isolation: The caller's actor; the body runs on it, so a `@MainActor` test can touch its view model.
///   - body: The step's work. Failing expectations inside it are named after the step.
/// - Returns: The body's value.
/// - Throws: The body's error, unchanged.
@discardableResult
public func but<T, E: Error>(
    _ text: String,
    sourceLocation: SourceLocation = #_sourceLocation,
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws(E) -> T
) async throws(E) -> T {
    try await StepRunner.run(.but, text, sourceLocation, body)
}
