/// The package's version, as `CHANGELOG.md` and `bridge --version` give it: semantic versioning, where a
/// change to a behaviour rule's observable outcome (RULES.md) or to public API is a new minor version
/// before 1.0 and a new major version after.
public enum CoordinatorBridgeVersion {
    /// This release.
    public static let current = "0.15.3"
}
