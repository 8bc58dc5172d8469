/// The namespace of the seed's direct API: `VisualTesting.assertViewSnapshot`,
/// `VisualTesting.generateCatalog` and friends.
public enum VisualTesting {}
