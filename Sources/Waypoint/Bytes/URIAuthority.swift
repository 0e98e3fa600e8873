/// How an RFC 3986 authority (§3.2, the text between `//` and the next `/`, `?` or `#`)
/// splits into user-info, host and port: the one reader of that syntax, shared by the
/// matcher's split (``URLParts``) and the link builder's (`LinkComponents`), so a router and
/// a builder never disagree on a URL's host.
///
/// - The user-info runs to the last `@`.
/// - The host is an IP literal, brackets included, when it starts with `[` and its `]` is
///   followed by the end or a `:`; otherwise it runs to its first `:` (a registered name or
///   IPv4 address), or to the end. A `[` without such a `]` is not an IP literal, and then
///   the host runs to the end: it has no port.
/// - The port is what follows the host's `:`.
enum URIAuthority {
    /// The parts of `bytes[authority]`, as offsets into `bytes`.
    ///
    /// - Complexity: O(n) in the authority's length.
    static func split(
        _ bytes: UnsafeBufferPointer<UInt8>, _ authority: Range<Int>
    ) -> (userInfo: Range<Int>?, host: Range<Int>, port: Range<Int>?) {
        var userInfo: Range<Int>?
        var hostStart = authority.lowerBound
        var at = ByteScan.firstIndex(of: UInt8(ascii: "@"), in: bytes, hostStart..<authority.upperBound)
        while at < authority.upperBound {
            userInfo = authority.lowerBound..<at
            hostStart = at &+ 1
            at = ByteScan.firstIndex(of: UInt8(ascii: "@"), in: bytes, hostStart..<authority.upperBound)
        }
        let end = authority.upperBound
        var hostEnd = end
        if hostStart < end, bytes[hostStart] == UInt8(ascii: "[") {
            let close = ByteScan.firstIndex(of: UInt8(ascii: "]"), in: bytes, hostStart..<end)
            if close < end, close &+ 1 == end || bytes[close &+ 1] == UInt8(ascii: ":") {
                hostEnd = close &+ 1
            }
        } else {
            hostEnd = ByteScan.firstIndex(of: UInt8(ascii: ":"), in: bytes, hostStart..<end)
        }
        let port = hostEnd < end ? (hostEnd &+ 1)..<end : nil
        return (userInfo, hostStart..<hostEnd, port)
    }
}
