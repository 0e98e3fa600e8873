/// A URL string split into its RFC 3986 components, each exactly as written (percent-encoded).
///
/// Splitting follows RFC 3986 Appendix B and never fails, so the pieces of any string join back
/// into that string; ``isStrictlyValid`` says whether the string is a well-formed absolute
/// URI. Foundation is not used because `URL(string:)` and `URLComponents(string:)` accept
/// different strings on different platforms and versions (newer ones percent-encode invalid
/// characters instead of refusing them).
package struct LinkComponents: Sendable, Equatable {
    /// The authority: `userInfo@host:port`.
    package struct Authority: Sendable, Equatable {
        /// The user information before `@`, if any.
        package var userInfo: Substring?
        /// The host, with its brackets when it is an IP literal.
        package var host: Substring
        /// The port after `:`, possibly empty, if there is a `:`.
        package var port: Substring?

        package init(userInfo: Substring?, host: Substring, port: Substring?) {
            self.userInfo = userInfo
            self.host = host
            self.port = port
        }
    }

    /// The scheme, without `:`.
    package var scheme: Substring?
    /// The authority after `//`, if there is one.
    package var authority: Authority?
    /// The path, possibly empty.
    package var path: Substring
    /// The query, without `?`, if there is a `?` before any `#`.
    package var query: Substring?
    /// The fragment, without `#`.
    package var fragment: Substring?

    /// Splits `text`.
    package init(_ text: Substring) {
        var rest = text
        if let end = Self.firstIndex(in: rest, of: ":/?#"), rest.utf8[end] == UInt8(ascii: ":"),
            end != rest.startIndex
        {
            scheme = rest[..<end]
            rest = rest[rest.utf8.index(after: end)...]
        }
        if rest.utf8.starts(with: "//".utf8) {
            let start = rest.utf8.index(rest.startIndex, offsetBy: 2)
            let end = Self.firstIndex(in: rest[start...], of: "/?#") ?? rest.endIndex
            authority = Self.authority(rest[start..<end])
            rest = rest[end...]
        }
        let pathEnd = Self.firstIndex(in: rest, of: "?#") ?? rest.endIndex
        path = rest[..<pathEnd]
        rest = rest[pathEnd...]
        if rest.utf8.first == UInt8(ascii: "?") {
            let start = rest.utf8.index(after: rest.startIndex)
            let end = Self.firstIndex(in: rest[start...], of: "#") ?? rest.endIndex
            query = rest[start..<end]
            rest = rest[end...]
        }
        if rest.utf8.first == UInt8(ascii: "#") {
            fragment = rest[rest.utf8.index(after: rest.startIndex)...]
        }
    }

    /// The parts of the authority `text`, as ``URIAuthority`` reads them.
    private static func authority(_ text: Substring) -> Authority {
        let bytes = Array(text.utf8)
        let (userInfo, host, port) = bytes.withUnsafeBufferPointer { URIAuthority.split($0, 0..<$0.count) }
        let utf8 = text.utf8
        func part(_ range: Range<Int>) -> Substring {
            text[
                utf8.index(
                    text.startIndex, offsetBy: range.lowerBound)..<utf8.index(
                        text.startIndex, offsetBy: range.upperBound)]
        }
        return Authority(userInfo: userInfo.map(part), host: part(host), port: port.map(part))
    }

    private static func firstIndex(in text: Substring, of delimiters: StaticString) -> Substring.Index? {
        let set = UnsafeBufferPointer(start: delimiters.utf8Start, count: delimiters.utf8CodeUnitCount)
        return text.utf8.firstIndex(where: { set.contains($0) })
    }

    /// Whether `scheme` is `[A-Za-z][A-Za-z0-9+.-]*`.
    package static func isValidScheme(_ scheme: some StringProtocol) -> Bool {
        guard let first = scheme.utf8.first, URICharacters.isAlpha(first) else { return false }
        return scheme.utf8.allSatisfy {
            URICharacters.isAlpha($0) || URICharacters.isDigit($0) || $0 == UInt8(ascii: "+")
                || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".")
        }
    }
}
