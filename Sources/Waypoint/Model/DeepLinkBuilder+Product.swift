// Where `DeepLinkBuilder` and `DeepLinkQueryValue` went: the WaypointLinkBuilder product, so
// that an app that only routes links carries no link builder it never calls
// (Documentation/decisions.md, "The link builder is its own product"). These declarations
// are never used: they only make the compiler name the import a use needs. With `import
// WaypointLinkBuilder`, that module's declarations of the same names shadow these, since
// that module imports this one.

/// Builds and edits deep link URLs: with `import WaypointLinkBuilder` (the
/// WaypointLinkBuilder product).
@available(
    *, unavailable,
    message: "add `import WaypointLinkBuilder` (the WaypointLinkBuilder product) to build links"
)
public struct DeepLinkBuilder: Sendable {
    /// Reads a URL string into a builder: with `import WaypointLinkBuilder`.
    @available(
        *, unavailable,
        message: "add `import WaypointLinkBuilder` (the WaypointLinkBuilder product) to build links"
    )
    public init?(string: String) {
        fatalError("unavailable: the WaypointLinkBuilder product builds links")
    }

    /// Makes a builder from a deep link: with `import WaypointLinkBuilder`.
    @available(
        *, unavailable,
        message: "add `import WaypointLinkBuilder` (the WaypointLinkBuilder product) to build links"
    )
    public init(_ link: DeepLink) {
        fatalError("unavailable: the WaypointLinkBuilder product builds links")
    }
}

/// A value that `DeepLinkBuilder` can write into a link's query: with `import
/// WaypointLinkBuilder` (the WaypointLinkBuilder product).
@available(
    *, unavailable,
    message: "add `import WaypointLinkBuilder` (the WaypointLinkBuilder product) to write values into links"
)
public protocol DeepLinkQueryValue {}
