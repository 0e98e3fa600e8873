// Where reverse routing went: the WaypointReverseRouting product, so that an app that only
// routes links carries none of it (Documentation/decisions.md, "Reverse routing is its own
// product"). This declaration is never used: it only makes the compiler name the import a
// call needs. With `import WaypointReverseRouting`, the compiler prefers that module's
// `url(for:parameters:scheme:host:)`, which is available, over this unavailable one.
import Foundation

extension Router {
    /// The URL that `route` matches with exactly `parameters`: with `import
    /// WaypointReverseRouting` (the WaypointReverseRouting product).
    @available(
        *, unavailable,
        message:
            "add `import WaypointReverseRouting` (the WaypointReverseRouting product) to write a route's URL"
    )
    public func url(
        for route: RouteName, parameters: RouteParameters = RouteParameters(), scheme: String? = nil,
        host: String? = nil
    ) -> URL {
        fatalError("unavailable: the WaypointReverseRouting product writes a route's URL")
    }
}
