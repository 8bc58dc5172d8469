import ArgumentParser
import LivingSpec

/// `--shape UNIT/INTEGRATION/UI`, the test pyramid a team aims for, as `pyramid spec`, `demo`
/// and `merge` take it.
struct ShapeOption: ParsableArguments {
    @Option(help: ArgumentHelp(
        "The share of unit, integration and UI tests to compare the run with, in whole percentages (default: the usual test pyramid, 70/20/10).",
        valueName: "unit/integration/ui"))
    var shape: String?

    func validate() throws {
        if let shape {
            do { _ = try PyramidShape(parsing: shape) } catch { throw ValidationError("--shape \(shape): \(error)") }
        }
    }

    /// The shape, once ``validate()`` has accepted it.
    var parsed: PyramidShape { shape.flatMap { try? PyramidShape(parsing: $0) } ?? .usual }
}
