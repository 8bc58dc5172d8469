/// The namespace of swift-visual-testing's direct API: `VisualTesting.assertViewSnapshot`,
/// `VisualTesting.generateCatalog` and friends.
public enum VisualTesting {}
