import Foundation
import Waypoint

/// Builds and edits deep link URLs: DeepLinkKit's `DPLMutableDeepLink` as a value type
/// (Documentation/spec/routing.md §7).
///
/// A builder holds a scheme, a host, a path and query parameters in insertion order, and
/// writes them into a URL the same way on every platform:
///
/// ```swift
/// var builder = DeepLinkBuilder(string: "myapp://rides")!
/// builder["id"] = "abc 123"
/// builder["seats"] = 2
/// builder.absoluteString  // "myapp://rides?id=abc%20123&seats=2"
/// ```
///
/// Writing rules:
/// - Names and values are percent-encoded as UTF-8, except `A-Z a-z 0-9 - _ . ~`; a space is
///   `%20`.
/// - A parameter with an empty value is written as its bare name (`?flag`); one with an empty
///   name and an empty value as `=`, so that it is not lost. No parameters, no `?`.
/// - Strings are written as they are; numbers as `JSONValue.jsonString` writes them (`3`,
///   `3.5`, `1e-7`), NaN and the infinities as `nan`, `inf` and `-inf`; Booleans as `true` and
///   `false`; `JSONValue.null` as an empty value.
/// - Arrays and objects are written as compact JSON with sorted keys, and their names are
///   listed, in parameter order, in a JSON array in `dpl:json-encoded-fields`, written as the
///   last item. The builder maintains that item itself: it is not one of its parameters, and
///   a value set for that name is ignored.
///
/// The parts of a URL that the builder does not edit (user information, port and fragment)
/// are kept as written. Two builders are equal when they build the same URL.
public struct DeepLinkBuilder: Sendable {
    /// The scheme, such as `myapp`. A scheme that is not `[A-Za-z][A-Za-z0-9+.-]*` gives no
    /// URL.
    public var scheme: String

    /// The route parameters carried from the `DeepLink` the builder was made from, and
    /// given to the deep link ``deepLink`` makes. A builder made from a string has none.
    public var routeParameters: [String: String]

    /// The host as written, percent-encoded; nil when the URL has no authority (`mailto:x`).
    var encodedHost: String?
    /// The path as written, percent-encoded.
    var encodedPath: String
    /// User information, kept as written.
    var userInfo: String?
    /// The port text, kept as written.
    var port: String?
    /// The fragment, kept as written.
    var fragment: String?
    /// The query parameters in order, each name once, `dpl:json-encoded-fields` excluded.
    var parameters: [(key: String, value: JSONValue)]

    /// Reads a URL string into a builder, parsing its query once.
    ///
    /// Query parameters are read as `DeepLink.queryParameters` reads them (JSON fields
    /// decoded). A name that appears several times becomes one parameter, at the place of its
    /// first appearance, with its last value. `dpl:json-encoded-fields` is not kept: the
    /// builder writes it again from the values it holds.
    ///
    /// - Returns: nil when `string` is not an absolute URI by RFC 3986: it needs a scheme, and
    ///   may hold only ASCII URI characters and valid `%HH` escapes (no spaces, no non-ASCII
    ///   text; encode those first).
    public init?(string: String) {
        let components = LinkComponents(string[...])
        guard components.isStrictlyValid else { return nil }
        let items = components.query.map(QueryParsing.items(in:)) ?? []
        self.init(
            components: components, routeParameters: [:], items: items,
            parameters: QueryParsing.parameters(from: items))
    }

    /// A builder for `link`'s URL that keeps its route parameters and reuses its parsed query.
    public init(_ link: DeepLink) {
        let text = link.url.absoluteString
        self.init(
            components: LinkComponents(text[...]), routeParameters: link.routeParameters.dictionary,
            items: link.queryItems, parameters: link.queryParameters)
    }

    private init(
        components: LinkComponents, routeParameters: [String: String], items: [DeepLinkQueryItem],
        parameters: [String: JSONValue]
    ) {
        scheme = components.scheme.map(String.init) ?? ""
        self.routeParameters = routeParameters
        encodedHost = components.authority.map { String($0.host) }
        encodedPath = String(components.path)
        userInfo = components.authority?.userInfo.map(String.init)
        port = components.authority?.port.map(String.init)
        fragment = components.fragment.map(String.init)
        self.parameters = []
        var seen: Set<String> = []
        for item in items where item.name != QueryKeys.jsonEncodedFields && seen.insert(item.name).inserted {
            if let value = parameters[item.name] {
                self.parameters.append((item.name, value))
            }
        }
    }

    /// The host, percent-decoded; nil when the URL has no authority. Setting it percent-encodes
    /// what a host cannot hold (an IP literal in brackets, such as `[::1]`, is kept as it is);
    /// setting nil removes the authority, user information and port included.
    public var host: String? {
        get { encodedHost.map(PercentDecoding.decode) }
        set {
            encodedHost = newValue.map(Self.encodeHost)
            if newValue == nil {
                userInfo = nil
                port = nil
            }
        }
    }

    /// The path, percent-decoded, such as `/rides/42`. Setting it percent-encodes what a path
    /// cannot hold. With a host, a path must be empty or start with `/`, or there is no URL.
    public var path: String {
        get { PercentDecoding.decode(encodedPath) }
        set { encodedPath = URICharacters.percentEncode(newValue, keeping: URICharacters.isPath) }
    }

    private static func encodeHost(_ host: String) -> String {
        if host.utf8.first == UInt8(ascii: "["), host.utf8.last == UInt8(ascii: "]"), host.utf8.count >= 2,
            host.utf8.dropFirst().dropLast().allSatisfy({
                URICharacters.isHexDigit($0) || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".")
            })
        {
            return host
        }
        return URICharacters.percentEncode(host, keeping: URICharacters.isRegisteredName)
    }
}
