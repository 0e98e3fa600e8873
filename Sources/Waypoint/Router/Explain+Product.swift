// Where `explain` went: the WaypointExplain product, so that an app that only routes links
// carries none of it (Documentation/decisions.md, "Explain is its own product"). These
// declarations are never used: they only make the compiler name the import a call needs.
// With `import WaypointExplain`, the compiler prefers that module's `explain(_:)`, which is
// available, over these unavailable ones.
import Foundation

extension Router {
    /// For every route, whether it matches `url` or where and why it stopped: with `import
    /// WaypointExplain` (the WaypointExplain product).
    @available(
        *, unavailable,
        message: "add `import WaypointExplain` (the WaypointExplain product) to explain a lookup"
    )
    public func explain(_ url: URL) -> Never {
        fatalError("unavailable: the WaypointExplain product explains a lookup")
    }

    /// For every route, whether it matches the URL string `url` or where and why it stopped:
    /// with `import WaypointExplain` (the WaypointExplain product).
    @available(
        *, unavailable,
        message: "add `import WaypointExplain` (the WaypointExplain product) to explain a lookup"
    )
    public func explain(_ url: String) -> Never {
        fatalError("unavailable: the WaypointExplain product explains a lookup")
    }
}
