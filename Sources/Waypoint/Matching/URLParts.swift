/// The parts of a URL string that matching reads, as UTF-8 offset ranges.
///
/// The split follows RFC 3986 Appendix B; the host is the authority without user-info and
/// port. Nothing is validated beyond the scheme, and nothing is decoded here.
package struct URLParts: Sendable, Hashable {
    /// The scheme, without `:`.
    package var scheme: Range<Int>
    /// The host (empty when there is no authority or it is empty).
    package var host: Range<Int>
    /// The path, as written.
    package var path: Range<Int>
    /// The query without `?`, or nil when the URL has no `?`.
    package var query: Range<Int>?

    /// Splits `bytes`; nil when it does not start with `[A-Za-z][A-Za-z0-9+.-]*:`.
    package static func split(_ bytes: UnsafeBufferPointer<UInt8>) -> URLParts? {
        guard let first = bytes.first, first.isASCIILetter else { return nil }
        var index = 1
        while index < bytes.count, bytes[index].isSchemeCharacter { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
        let scheme = 0..<index
        index += 1
        // The end of the part before the fragment and the query.
        var end = bytes.count
        for position in index..<bytes.count where bytes[position] == UInt8(ascii: "#") {
            end = position
            break
        }
        var query: Range<Int>?
        for position in index..<end where bytes[position] == UInt8(ascii: "?") {
            query = (position + 1)..<end
            end = position
            break
        }
        var host = index..<index
        if index + 1 < end, bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "/") {
            let authorityStart = index + 2
            var authorityEnd = authorityStart
            while authorityEnd < end, bytes[authorityEnd] != UInt8(ascii: "/") { authorityEnd += 1 }
            var hostStart = authorityStart
            for position in authorityStart..<authorityEnd where bytes[position] == UInt8(ascii: "@") {
                hostStart = position + 1
            }
            var hostEnd = authorityEnd
            if hostStart < authorityEnd, bytes[hostStart] == UInt8(ascii: "[") {
                // An IP literal keeps its brackets; the port follows the `]`.
                for position in hostStart..<authorityEnd where bytes[position] == UInt8(ascii: "]") {
                    hostEnd = position + 1
                    break
                }
            } else {
                for position in hostStart..<authorityEnd where bytes[position] == UInt8(ascii: ":") {
                    hostEnd = position
                    break
                }
            }
            host = hostStart..<hostEnd
            index = authorityEnd
        }
        return URLParts(scheme: scheme, host: host, path: index..<end, query: query)
    }
}

extension URLParts {
    /// The query of `url` as written (without `?` and the fragment), or nil when it has none.
    package static func rawQuery(of url: String) -> Substring? {
        guard let question = url.utf8.firstIndex(of: UInt8(ascii: "?")) else { return nil }
        let start = url.utf8.index(after: question)
        let end = url.utf8[start...].firstIndex(of: UInt8(ascii: "#")) ?? url.utf8.endIndex
        if let hash = url.utf8.firstIndex(of: UInt8(ascii: "#")), hash < question { return nil }
        return url[start..<end]
    }
}
