/// The parts of a URL an `applinks` rule looks at, as written (percent-encoded): the path
/// (`/` when empty), the query without `?` and the fragment without `#` (empty when absent).
package struct AppLinksURL: Sendable, Hashable {
    /// The path, `/` when the URL has none.
    package let path: Substring
    /// The query, without `?`; empty when there is none.
    package let query: Substring
    /// The fragment, without `#`; empty when there is none.
    package let fragment: Substring

    /// The parts of `url`; nil unless it is an absolute `http` or `https` URL.
    package init?(_ url: String) {
        let bytes = Array(url.utf8)
        guard
            let parts = bytes.withUnsafeBufferPointer({ URLParts.split($0) }),
            ["http", "https"].contains(String(decoding: bytes[parts.scheme], as: UTF8.self).lowercased())
        else { return nil }
        let utf8 = url.utf8
        func slice(_ range: Range<Int>) -> Substring {
            Substring(
                url[
                    utf8.index(
                        utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(
                            utf8.startIndex, offsetBy: range.upperBound)])
        }
        path = parts.path.isEmpty ? "/" : slice(parts.path)
        query = parts.query.map(slice) ?? ""
        let end = parts.query?.upperBound ?? parts.path.upperBound
        if end < bytes.count, bytes[end] == UInt8(ascii: "#") {
            fragment = slice((end + 1)..<bytes.count)
        } else {
            fragment = ""
        }
    }

    /// The query's items, split on `&` and each on its first `=`, as written; empty pieces
    /// are skipped and a piece without `=` has the value "".
    package var queryItems: [(name: Substring, value: Substring)] {
        query.split(separator: "&").map { piece in
            guard let equals = piece.firstIndex(of: "=") else { return (piece, piece[piece.endIndex...]) }
            return (piece[..<equals], piece[piece.index(after: equals)...])
        }
    }
}
