import Foundation
import Waypoint
import WaypointReverseRouting

/// What a route's printer writes for a destination: the values of the route's parameters
/// and, when the destination carries more than its path holds, query items.
///
/// A dictionary literal writes the route's parameters alone, as printers always have:
///
/// ```swift
/// import Waypoint
/// import WaypointNavigation
///
/// enum Screen: Hashable, Sendable { case order(Int), product(id: Int, color: String?) }
///
/// func screens() throws -> DestinationRouter<Screen> {
///     let screens = DestinationRouter<Screen>()
///     try screens.register("/orders/:id") { link in
///         .order(try link.parameters.require("id", as: Int.self))
///     } link: { screen in
///         guard case .order(let id) = screen else { return nil }
///         return ["id": String(id)]
///     }
///     try screens.register("/products/:id") { link in
///         .product(id: try link.parameters.require("id", as: Int.self), color: link.parameters["color"])
///     } link: { screen in
///         guard case .product(let id, let color) = screen else { return nil }
///         return PrintedLink(["id": String(id)], query: ["color": color])  // …/products/42?color=red
///     }
///     return screens
/// }
/// ```
///
/// Query items are written in order, each name and value percent-encoded, after the path
/// that reverse routing writes; the round trip of
/// ``DestinationRouter/url(for:scheme:host:)`` reads them back with the rest. A query item
/// may not have the name of one of the route's parameters: `DeepLink.parameters` reads
/// the route's parameter first, so the item could never be read back
/// (``DestinationLinkError/queryItemNamesParameter(route:name:)``).
public struct PrintedLink: Sendable, Hashable, ExpressibleByDictionaryLiteral {
    /// The values of the route's parameters (for a `*` segment the parameter named `"*"`,
    /// for `**` the one named `"**"`).
    public var parameters: RouteParameters
    /// The query items, in order; an item's name may repeat.
    public var query: [DeepLinkQueryItem]

    /// The route's parameters and the query items to write after the path.
    public init(_ parameters: RouteParameters = RouteParameters(), query: [DeepLinkQueryItem] = []) {
        self.parameters = parameters
        self.query = query
    }

    /// The route's parameters and a query item for each name whose value is not nil, in
    /// order: `PrintedLink(["id": "42"], query: ["color": color])` leaves `color` out when
    /// it is nil.
    public init(_ parameters: RouteParameters = RouteParameters(), query: KeyValuePairs<String, String?>) {
        self.parameters = parameters
        self.query = query.compactMap { name, value in value.map { DeepLinkQueryItem(name: name, value: $0) }
        }
    }

    /// The route's parameters alone, in the literal's order: `["id": "42"]`.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(RouteParameters(elements: elements.map { ($0.0, $0.1) }))
    }
}

extension PrintedLink {
    /// The query as it is written after `?`: each name and value percent-encoded, all but
    /// the unreserved characters and `/ : @`, joined by `=` and `&`; nil when there are no
    /// items. `QueryParsing` reads it back item for item (`+` stays `+`, so it is
    /// encoded).
    var queryText: String? {
        guard !query.isEmpty else { return nil }
        return query.map { Self.encode($0.name) + "=" + Self.encode($0.value) }.joined(separator: "&")
    }

    private static func encode(_ text: String) -> String {
        URICharacters.percentEncode(text) { byte in
            URICharacters.isUnreserved(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ":")
                || byte == UInt8(ascii: "@")
        }
    }
}

extension PrintedLink {
    /// The name of the first query item that `pattern` also captures as a parameter.
    func nameOfParameter(in pattern: RoutePattern) -> String? {
        guard !query.isEmpty else { return nil }
        let names = Set(pattern.parameters.map(\.name))
        return query.first { names.contains($0.name) }?.name
    }

    /// `candidate`, a URL reverse routing wrote without a query, with this query after its
    /// path; nil when Foundation does not read the result as a URL.
    func appendingQuery(to candidate: ReversePlan.Candidate) -> ReversePlan.Candidate? {
        guard let queryText else { return candidate }
        let text = candidate.text + "?" + queryText
        guard let url = URL(string: text) else { return nil }
        return ReversePlan.Candidate(text: url.absoluteString, url: url)
    }
}
