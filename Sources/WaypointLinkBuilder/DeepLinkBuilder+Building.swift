import Foundation
import Waypoint

extension DeepLinkBuilder {
    /// The URL string the builder makes; nil when its parts make no URL: an invalid scheme, a
    /// host with a path that does not start with `/`, or no host with a path that starts
    /// with `//`.
    public var absoluteString: String? {
        guard LinkComponents.isValidScheme(scheme) else { return nil }
        var components = LinkComponents(""[...])
        components.scheme = scheme[...]
        if let host = encodedHost {
            guard encodedPath.isEmpty || encodedPath.utf8.first == UInt8(ascii: "/") else { return nil }
            components.authority = LinkComponents.Authority(
                userInfo: userInfo?[...], host: host[...], port: port?[...])
        } else if encodedPath.utf8.starts(with: "//".utf8) {
            return nil
        }
        components.path = encodedPath[...]
        components.query = encodedQuery?[...]
        components.fragment = fragment?[...]
        return components.text
    }

    /// The URL the builder makes; nil when ``absoluteString`` is.
    public var url: URL? {
        absoluteString.flatMap { URL(string: $0) }
    }

    /// A deep link for the built URL, carrying ``routeParameters``; nil when there is no URL.
    /// Its query is read from the built URL, so it holds what a receiver of the URL reads.
    public var deepLink: DeepLink? {
        guard let url else { return nil }
        let text = url.absoluteString
        return DeepLink(
            url: url, routeParameters: RouteParameters(routeParameters),
            rawQuery: LinkComponents(text[...]).query)
    }
}

extension DeepLinkBuilder: Hashable {
    /// Whether two builders build the same URL string.
    public static func == (lhs: DeepLinkBuilder, rhs: DeepLinkBuilder) -> Bool {
        lhs.absoluteString == rhs.absoluteString
    }

    /// Hashes the built URL string, consistently with ``==(_:_:)``.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(absoluteString)
    }
}

extension DeepLinkBuilder: CustomStringConvertible {
    /// The built URL string, or a note that the parts make no URL.
    public var description: String {
        absoluteString ?? "<no URL: scheme \(scheme.debugDescription), path \(path.debugDescription)>"
    }
}
