/// The package's version: the one place it is written (Documentation/versioning.md).
///
/// `waypoint --version` prints it and WaypointDetour sends it in its `X-SDK` header. Between
/// releases it is the next version with a `-dev` suffix; a release drops the suffix, moves
/// CHANGELOG.md's Unreleased section under the version and tags the commit.
package enum WaypointVersion {
    /// The version, in Semantic Versioning's form.
    package static let current = "0.2.0-dev"
}
