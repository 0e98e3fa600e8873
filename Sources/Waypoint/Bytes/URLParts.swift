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
    ///
    /// - Complexity: one pass over the bytes before the fragment, eight at a time where it
    ///   can (``ByteScan``); no allocation.
    package static func split(_ bytes: UnsafeBufferPointer<UInt8>) -> URLParts? {
        guard let first = bytes.first, first.isASCIILetter else { return nil }
        let count = bytes.count
        // Offsets stay within `count`, so they cannot overflow.
        var index = 1
        if let length = webSchemeLength(bytes) {
            index = length
        } else {
            while index < count, bytes[index].isSchemeCharacter { index &+= 1 }
        }
        guard index < count, bytes[index] == UInt8(ascii: ":") else { return nil }
        let scheme = 0..<index
        index &+= 1
        var host = index..<index
        if index &+ 1 < count, bytes[index] == UInt8(ascii: "/"), bytes[index &+ 1] == UInt8(ascii: "/") {
            (host, index) = authority(of: bytes, from: index &+ 2)
        }
        // The path runs to the `?` of the query or the `#` of the fragment.
        let pathEnd = ByteScan.firstIndex(of: UInt8(ascii: "?"), UInt8(ascii: "#"), in: bytes, index..<count)
        var query: Range<Int>?
        if pathEnd < count, bytes[pathEnd] == UInt8(ascii: "?") {
            let queryEnd = ByteScan.firstIndex(
                of: UInt8(ascii: "#"), in: bytes, (pathEnd &+ 1)..<count)
            query = (pathEnd &+ 1)..<queryEnd
        }
        return URLParts(scheme: scheme, host: host, path: index..<pathEnd, query: query)
    }

    /// The length of the scheme when `bytes` starts with `https://` or `http://` (the
    /// scheme in any case), read as one word rather than a byte at a time; nil otherwise,
    /// and for a buffer shorter than a word.
    @inline(__always)
    private static func webSchemeLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard bytes.count >= 8, let base = bytes.baseAddress else { return nil }
        let word = UInt64(littleEndian: UnsafeRawPointer(base).loadUnaligned(as: UInt64.self))
        // `byte | 0x20` is a lower-case letter exactly when the byte is that letter in
        // either case, so only the scheme's lanes are folded.
        if word | 0x20_2020_2020 == 0x2F2F_3A73_7074_7468 { return 5 }  // "https://"
        if (word | 0x2020_2020) & 0x00FF_FFFF_FFFF_FFFF == 0x2F_2F3A_7074_7468 { return 4 }  // "http://"
        return nil
    }

    /// The host of the authority that starts at `start`, and where the authority ends (its
    /// next `/`, `?` or `#`).
    ///
    /// The common authority, a host and perhaps a port, is read in one scan for the bytes
    /// that end the host or the authority; one with user-info (`@`) or an IP literal (`[`)
    /// is read by ``authorityInFull(of:from:)``.
    @inline(__always)
    private static func authority(
        of bytes: UnsafeBufferPointer<UInt8>, from start: Int
    ) -> (host: Range<Int>, end: Int) {
        let count = bytes.count
        if start < count, bytes[start] == UInt8(ascii: "[") { return authorityInFull(of: bytes, from: start) }
        let stop = ByteScan.firstIndex(
            of: UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: ":"), UInt8(ascii: "@"),
            in: bytes, start..<count)
        guard stop < count else { return (start..<stop, stop) }
        switch bytes[stop] {
        case UInt8(ascii: "@"):
            return authorityInFull(of: bytes, from: start)
        case UInt8(ascii: ":"):
            // A port, unless an `@` follows: then the `:` was user-info's.
            let end = ByteScan.firstIndex(
                of: UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: "@"),
                in: bytes, (stop &+ 1)..<count)
            if end < count, bytes[end] == UInt8(ascii: "@") { return authorityInFull(of: bytes, from: start) }
            return (start..<stop, end)
        default:
            return (start..<stop, stop)
        }
    }

    /// ``authority(of:from:)`` for any authority: it runs to the next `/`, `?` or `#`, and
    /// ``URIAuthority`` reads its host.
    private static func authorityInFull(
        of bytes: UnsafeBufferPointer<UInt8>, from authorityStart: Int
    ) -> (host: Range<Int>, end: Int) {
        let authorityEnd = ByteScan.firstIndex(
            of: UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"), in: bytes,
            authorityStart..<bytes.count
        )
        return (URIAuthority.split(bytes, authorityStart..<authorityEnd).host, authorityEnd)
    }
}

extension URLParts {
    /// The parts of `bytes`, split by ``split(_:)``, as a router with `host` matches them:
    /// with ``RouterOptions/CustomSchemeHost/firstPathSegment``, a URL whose scheme is
    /// neither `http` nor `https` and that has an authority is read with an empty host and a
    /// path that starts where the authority starts, so `myapp://products/5` is the path
    /// `products/5`. User-info and port, which such links do not have, stay in that first
    /// segment.
    @inline(__always)
    package func matched(
        in bytes: UnsafeBufferPointer<UInt8>, host: RouterOptions.CustomSchemeHost
    ) -> URLParts {
        guard host == .firstPathSegment else { return self }
        let authority = scheme.upperBound &+ 3
        guard authority <= path.lowerBound, bytes[scheme.upperBound &+ 1] == UInt8(ascii: "/"),
            !Self.isWebScheme(bytes, scheme)
        else { return self }
        return URLParts(
            scheme: scheme, host: authority..<authority, path: authority..<path.upperBound, query: query)
    }

    /// Whether `bytes[scheme]` is `http` or `https`, in any case.
    private static func isWebScheme(_ bytes: UnsafeBufferPointer<UInt8>, _ scheme: Range<Int>) -> Bool {
        guard scheme.count == 4 || scheme.count == 5 else { return false }
        let http: [UInt8] = Array("https".utf8)
        for (offset, index) in scheme.enumerated() where bytes[index] | 0x20 != http[offset] { return false }
        return true
    }

    /// Whether `text` holds, as written, a C0 control character or DEL (U+0000 to U+001F,
    /// U+007F): characters RFC 3986 allows nowhere in a URL, which `URL.absoluteString`
    /// never holds (it percent-encodes them), and which Foundation's `URL(string:)`
    /// refuses on some platforms and percent-encodes on others. Matching reads them as
    /// ordinary characters; the faces that make a `URL` of a string refuse them
    /// (``LinkRequest/init(text:)``).
    ///
    /// - Complexity: one pass over the UTF-8 bytes.
    package static func holdsControlCharacter(_ text: String) -> Bool {
        text.utf8.contains { $0 < 0x20 || $0 == 0x7F }
    }

    /// The query of `url` as written (without `?` and the fragment), or nil when it has none.
    package static func rawQuery(of url: String) -> Substring? {
        let found = url.utf8.withContiguousStorageIfAvailable { bytes -> (Int, Int)? in
            // The first `?` or `#`, eight bytes at a time: a `#` first means no query.
            let question = ByteScan.firstIndex(
                of: UInt8(ascii: "?"), UInt8(ascii: "#"), in: bytes, 0..<bytes.count)
            guard question < bytes.count, bytes[question] == UInt8(ascii: "?") else { return nil }
            let end = ByteScan.firstIndex(of: UInt8(ascii: "#"), in: bytes, (question + 1)..<bytes.count)
            return (question + 1, end)
        }
        if let found {
            guard let (start, end) = found else { return nil }
            return substring(start..<end, of: url)
        }
        guard let question = url.utf8.firstIndex(of: UInt8(ascii: "?")) else { return nil }
        let start = url.utf8.index(after: question)
        let end = url.utf8[start...].firstIndex(of: UInt8(ascii: "#")) ?? url.utf8.endIndex
        if let hash = url.utf8.firstIndex(of: UInt8(ascii: "#")), hash < question { return nil }
        return url[start..<end]
    }

    /// The text at the UTF-8 offsets `range` of `text`, such as ``query`` of the parts
    /// split from it.
    package static func substring(_ range: Range<Int>, of text: String) -> Substring {
        let utf8 = text.utf8
        return text[
            utf8.index(
                utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(
                    utf8.startIndex, offsetBy: range.upperBound)]
    }
}
