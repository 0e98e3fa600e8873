/// A URI reference split into its five components by the regular expression of RFC 3986
/// Appendix B, `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`, written out as a
/// scan over the text so that results never depend on the Foundation version.
///
/// Nothing is decoded or normalised: every component is a slice of the input as written.
package struct PaylisherURIReference: Sendable, Equatable {
    /// The scheme without its `:`, or nil when the reference has none.
    package var scheme: Substring?
    /// The authority without its leading `//`, or nil when the reference has none.
    package var authority: Substring?
    /// The path, possibly empty.
    package var path: Substring
    /// The query without its `?`, or nil when the reference has none.
    package var query: Substring?
    /// The fragment without its `#`, or nil when the reference has none.
    package var fragment: Substring?

    /// Splits `text` per RFC 3986 Appendix B. Every string splits; validation is separate.
    package init(_ text: Substring) {
        var rest = text[...]
        scheme = nil
        if let end = rest.firstIndex(where: { $0 == ":" || $0 == "/" || $0 == "?" || $0 == "#" }),
            rest[end] == ":", end > rest.startIndex
        {
            scheme = rest[..<end]
            rest = rest[rest.index(after: end)...]
        }
        authority = nil
        if rest.hasPrefix("//") {
            let start = rest.index(rest.startIndex, offsetBy: 2)
            let end =
                rest[start...].firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? rest.endIndex
            authority = rest[start..<end]
            rest = rest[end...]
        }
        let pathEnd = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) ?? rest.endIndex
        path = rest[..<pathEnd]
        rest = rest[pathEnd...]
        query = nil
        if rest.first == "?" {
            let start = rest.index(after: rest.startIndex)
            let end = rest[start...].firstIndex(of: "#") ?? rest.endIndex
            query = rest[start..<end]
            rest = rest[end...]
        }
        fragment = rest.first == "#" ? rest.dropFirst() : nil
    }

    /// Splits `text` per RFC 3986 Appendix B.
    package init(_ text: String) {
        self.init(text[...])
    }

    /// Whether the scheme is present and well formed: `[A-Za-z][A-Za-z0-9+.-]*`.
    package var hasValidScheme: Bool {
        guard let scheme, let first = scheme.utf8.first, Self.isASCIILetter(first) else { return false }
        return scheme.utf8.allSatisfy { byte in
            Self.isASCIILetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }
    }

    /// Whether the scheme is `http` or `https` in any letter case.
    package var isWeb: Bool {
        guard let scheme else { return false }
        return PaylisherASCII.equalsIgnoringCase(scheme, "http")
            || PaylisherASCII.equalsIgnoringCase(scheme, "https")
    }

    /// The host as written: the authority without user information and port, or `""` when
    /// there is no authority.
    ///
    /// User information ends at the last `@`. An IP literal keeps its brackets
    /// (`[::1]`); otherwise the host ends at the first `:`.
    package var host: Substring {
        guard var host = authority else { return ""[...] }
        if let at = host.lastIndex(of: "@") {
            host = host[host.index(after: at)...]
        }
        if host.first == "[" {
            if let close = host.firstIndex(of: "]") {
                return host[...close]
            }
            return host
        }
        if let colon = host.firstIndex(of: ":") {
            return host[..<colon]
        }
        return host
    }

    /// The path split on `/`, empty pieces dropped, nothing decoded.
    package var rawPathPieces: [Substring] {
        path.split(separator: "/", omittingEmptySubsequences: true)
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }
}
