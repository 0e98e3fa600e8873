/// Every parameter of a ``DeepLink`` by name, as text: the route parameter when the route
/// captured one of that name, else the query parameter — the rule of the link's subscript
/// (Documentation/spec/routing.md §6). Read it by type with `get(_:as:)` and `require(_:as:)`:
///
/// ```swift
/// try router.register("/products/:id") { link in
///     let id = try? link.parameters.require("id", as: Int.self)
///     let page = link.parameters.get("page", as: Int.self) ?? 1
///     print("product", id ?? 0, "page", page)
/// }
/// ```
///
/// A query parameter's text is its last value, percent-decoded (``DeepLink/queryItems``);
/// for a JSON field that is its JSON text.
public struct DeepLinkParameters: NamedParameters, Sendable {
    /// The link the parameters are read from.
    private let link: DeepLink

    /// The parameters of `link`.
    init(_ link: DeepLink) {
        self.link = link
    }

    /// The route parameter named `name`, else the last value of the query parameter named
    /// `name`; nil when there is neither.
    public subscript(name: String) -> String? {
        if let value = link.routeParameters[name] { return value }
        switch link.queryParameters[name] {
        case nil: return nil
        case .string(let value): return value
        // A decoded JSON field: its text as the query wrote it.
        case _: return link.queryItems.last { $0.name == name }?.value
        }
    }
}

extension DeepLink {
    /// The link's route and query parameters by name, route parameters first, readable by
    /// type: `link.parameters.require("id", as: Int.self)`.
    public var parameters: DeepLinkParameters {
        DeepLinkParameters(self)
    }
}
