import Foundation

/// A URL that a route matched, with the parameters read from it (Documentation/spec/routing.md §6).
///
/// Route parameters come from the route pattern; query parameters from the URL's query,
/// parsed once, when ``queryParameters`` or ``queryItems`` is first read: a handler that
/// never reads the query does not pay for parsing it, and a link without a query pays
/// nothing. Two deep links are equal when their URLs are equal, whichever routes produced
/// them.
///
/// ```swift
/// let link = DeepLink(url: URL(string: "myapp://ride/42?partner=uber")!)!
/// link["partner"]  // .string("uber")
/// ```
public struct DeepLink: Sendable {
    /// The link's URL, as the app received it.
    ///
    /// For a URL handed to the router's `handle(_:)` it is that URL. The adapters route a
    /// link by a URL of their own making (``matchedURL``); `url` is still the link's original
    /// URL there: the Detour link's `url` and the Paylisher link's `url`.
    public let url: URL

    /// The URL the router matched: ``url`` for links handed to the router directly; for
    /// adapter links the URL made of the link's route, such as `detour:/products/42?color=red`
    /// for a Detour link or `yourapp:/products/42` for a Paylisher link. Route parameters and
    /// query parameters are read from it.
    public var matchedURL: URL {
        adaptation?.matchedURL ?? url
    }

    /// The parameters captured by the route, by name, in route order: the same type as
    /// ``RouteMatch/routeParameters``. An optional parameter that did not take part in the
    /// match is absent.
    public let routeParameters: RouteParameters

    /// The query parameters, one value per name: the last one when a name is repeated.
    ///
    /// Values are percent-decoded strings, except JSON fields: the parameters named in the
    /// JSON array `dpl:json-encoded-fields`, and `al_applink_data` always, are
    /// ``JSONValue/array(_:)`` or ``JSONValue/object(_:)`` values when their text is a JSON
    /// array or object, and strings otherwise (`5` stays the string `"5"`).
    /// `dpl:json-encoded-fields` itself is the string as written.
    ///
    /// The query is parsed on the first read of this or ``queryItems``, once for the link
    /// and its copies, whichever thread reads it.
    public var queryParameters: [String: JSONValue] {
        query?.parsed.parameters ?? [:]
    }

    /// Every item of the query in order, repeated names included, with the decoded strings
    /// as written (JSON fields are not decoded here).
    ///
    /// The query is parsed on the first read of this or ``queryParameters``, once for the
    /// link and its copies, whichever thread reads it.
    public var queryItems: [DeepLinkQueryItem] {
        query?.parsed.items ?? []
    }

    /// The query, parsed when it is first read; nil when the link has none.
    @usableFromInline let query: LinkQuery?

    /// A value that an adapter attached to the link, such as its own link type. It is not
    /// part of equality.
    var attachment: (any Sendable)? {
        adaptation?.attachment
    }

    /// The matched URL and attachment of an adapter's link; nil for a link the router
    /// matched as it is, which so carries four words fewer to copy and destroy.
    @usableFromInline let adaptation: LinkAdaptation?

    /// Creates a link the way the router does.
    ///
    /// - Parameters:
    ///   - url: The link's original URL.
    ///   - matchedURL: The URL that was matched; nil when it is `url`.
    ///   - routeParameters: The parameters the route captured.
    ///   - rawQuery: The query exactly as written in the matched URL, without `?` and without
    ///     the fragment; nil when the URL has no `?`.
    ///   - attachment: A value for adapters, kept as it is.
    package init(
        url: URL, matchedURL: URL? = nil, routeParameters: RouteParameters, rawQuery: Substring?,
        attachment: (any Sendable)? = nil
    ) {
        self.init(
            url: url,
            adaptation: matchedURL == nil && attachment == nil
                ? nil : LinkAdaptation(matchedURL: matchedURL, attachment: attachment),
            routeParameters: routeParameters, query: LinkQuery.of(rawQuery))
    }

    /// Creates a link with a query and an adaptation that other links may share, as a
    /// dispatch does for the links it makes of one URL.
    @inlinable
    package init(url: URL, adaptation: LinkAdaptation?, routeParameters: RouteParameters, query: LinkQuery?) {
        self.url = url
        self.adaptation = adaptation
        self.routeParameters = routeParameters
        self.query = query
    }

    /// Creates a link for `url` without route parameters, reading its query.
    ///
    /// The query is the text of `url.absoluteString` between the first `?` and the first `#`
    /// after it, as RFC 3986 splits a URL.
    ///
    /// - Returns: nil when the URL has no scheme, since a deep link is an absolute URL.
    public init?(url: URL) {
        let text = url.absoluteString
        let components = LinkComponents(text[...])
        guard components.scheme != nil else { return nil }
        self.init(url: url, routeParameters: RouteParameters(), rawQuery: components.query)
    }

    /// The route parameter named `key` as a string, else the query parameter named `key`.
    /// Route parameters win.
    public subscript(key: String) -> JSONValue? {
        if let routeValue = routeParameters[key] { return .string(routeValue) }
        return queryParameters[key]
    }

    /// Where to send the user back: the `dpl_callback_url` query parameter, else the App
    /// Links referrer URL (`referer_app_link.url` in `al_applink_data`); nil when neither is
    /// a URL.
    public var callbackURL: URL? {
        if case .string(let text)? = queryParameters[QueryKeys.callbackURL], let url = URL(string: text) {
            return url
        }
        return appLinkReferrerURL
    }
}
