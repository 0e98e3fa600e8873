import Waypoint

/// The parts of a URL an `applinks` rule looks at, as written (percent-encoded): the path
/// (`/` when empty), the query without `?` and the fragment without `#` (empty when absent).
package struct UniversalLinkURL: Sendable {
    /// The path, `/` when the URL has none.
    package let path: Substring
    /// The query, without `?`; empty when there is none.
    package let query: Substring
    /// The fragment, without `#`; empty when there is none.
    package let fragment: Substring
    /// The path, query and fragment percent-decoded (as written where decoding fails).
    package let decodedPath: Substring
    package let decodedQuery: Substring
    package let decodedFragment: Substring
    /// The query's items as written, and decoded: split on `&`, each on its first `=`; empty
    /// pieces are skipped and a piece without `=` has the value "".
    package let rawItems: [(name: Substring, value: Substring)]
    package let decodedItems: [(name: Substring, value: Substring)]
    /// The path, query and fragment as rules compare them, as written and decoded.
    package let pathText: UniversalLinkText
    package let queryText: UniversalLinkText
    package let fragmentText: UniversalLinkText
    package let decodedPathText: UniversalLinkText
    package let decodedQueryText: UniversalLinkText
    package let decodedFragmentText: UniversalLinkText

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
        decodedPath = Substring(PercentDecoding.decode(path))
        decodedQuery = Substring(PercentDecoding.decode(query))
        decodedFragment = Substring(PercentDecoding.decode(fragment))
        pathText = UniversalLinkText(path)
        queryText = UniversalLinkText(query)
        fragmentText = UniversalLinkText(fragment)
        decodedPathText = UniversalLinkText(decodedPath)
        decodedQueryText = UniversalLinkText(decodedQuery)
        decodedFragmentText = UniversalLinkText(decodedFragment)
        rawItems = Self.items(query)
        decodedItems = rawItems.map {
            (Substring(PercentDecoding.decode($0.name)), Substring(PercentDecoding.decode($0.value)))
        }
    }

    /// The query's items, split on `&` and each on its first `=`, as written; empty pieces
    /// are skipped and a piece without `=` has the value "".
    private static func items(_ query: Substring) -> [(name: Substring, value: Substring)] {
        query.split(separator: "&").map { piece in
            guard let equals = piece.firstIndex(of: "=") else { return (piece, piece[piece.endIndex...]) }
            return (piece[..<equals], piece[piece.index(after: equals)...])
        }
    }
}
