import Waypoint

/// How `waypoint aasa` writes the URLs it reasons about: canonically (Documentation/aasa.md
/// C26). In a path, unreserved characters, sub-delimiters, `:` and `@` stand for themselves
/// and every other character is written as upper-case `%XX` of its UTF-8 bytes; a path
/// segment never holds an encoded `/`.
enum CanonicalURL {
    /// Whether `scalar` is written as itself in a path segment.
    static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.isASCII else { return false }
        let byte = UInt8(scalar.value)
        return URICharacters.isUnreserved(byte) || "!$&'()*+,;=:@".utf8.contains(byte)
    }

    /// `text`, a decoded path (segments joined by `/`), written canonically.
    static func path(_ text: String) -> String {
        URICharacters.percentEncode(text) { byte in
            byte == UInt8(ascii: "/") || (byte < 0x80 && isPlain(Unicode.Scalar(byte)))
        }
    }

    /// `text` written for a query item's name or value, or a fragment: unreserved
    /// characters as themselves, everything else as `%XX`.
    static func queryText(_ text: String) -> String {
        URICharacters.percentEncode(text, keeping: URICharacters.isUnreserved)
    }

    /// The URL of `path` (canonical already) with `query` and `fragment` (as written; empty
    /// leaves the part out) on `host`.
    static func url(host: String, path: String, query: String = "", fragment: String = "") -> String {
        "https://" + host + path + (query.isEmpty ? "" : "?" + query)
            + (fragment.isEmpty ? "" : "#" + fragment)
    }
}
