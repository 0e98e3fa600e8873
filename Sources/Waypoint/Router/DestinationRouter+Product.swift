// Where `DestinationRouter` went: the WaypointNavigation product, so that an app that routes
// links to handlers carries no destination face, navigation stacks or printers it never
// calls (Documentation/decisions.md, "The destination face is its own product"). This
// declaration is never used: it only makes the compiler name the import a use needs. With
// `import WaypointNavigation`, that module's `DestinationRouter` shadows this one, since that
// module imports this one.

/// Routes links to values of the app's own type and prints them back: with `import
/// WaypointNavigation` (the WaypointNavigation product).
@available(
    *, unavailable,
    message: "add `import WaypointNavigation` (the WaypointNavigation product) to route links to destinations"
)
public final class DestinationRouter<Destination: Sendable>: Sendable {
    /// Makes a destination router: with `import WaypointNavigation`.
    @available(
        *, unavailable,
        message:
            "add `import WaypointNavigation` (the WaypointNavigation product) to route links to destinations"
    )
    public init(options: RouterOptions = RouterOptions()) {
        fatalError("unavailable: the WaypointNavigation product routes links to destinations")
    }
}
