import Waypoint

/// The parts of a link that Android's intent matching reads, as `android.net.Uri` gives them:
/// the scheme and host as written, the port, and the path, query items and fragment
/// percent-decoded.
package struct AndroidLinkURI: Sendable, Hashable {
    package let scheme: String
    package let host: String
    /// The port, or nil when the URL names none.
    package let port: Int?
    /// The decoded path; empty when the URL has none.
    package let path: String
    /// The decoded query items, split on `&` and each on its first `=`.
    package let queryItems: [(name: String, value: String)]
    /// The decoded fragment; nil when the URL has none.
    package let fragment: String?

    package static func == (left: Self, right: Self) -> Bool {
        left.scheme == right.scheme && left.host == right.host && left.port == right.port
            && left.path == right.path && left.fragment == right.fragment
            && left.queryItems.map(\.name) == right.queryItems.map(\.name)
            && left.queryItems.map(\.value) == right.queryItems.map(\.value)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(scheme)
        hasher.combine(host)
        hasher.combine(path)
    }

    /// The parts of `url`; nil when it has no scheme.
    package init?(_ url: String) {
        let bytes = Array(url.utf8)
        guard let parts = bytes.withUnsafeBufferPointer({ URLParts.split($0) }) else { return nil }
        func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        scheme = text(parts.scheme)
        host = text(parts.host)
        var port: Int?
        if parts.host.upperBound < bytes.count, bytes[parts.host.upperBound] == UInt8(ascii: ":") {
            var digits = parts.host.upperBound + 1
            var value = 0
            while digits < parts.path.lowerBound, (48...57).contains(bytes[digits]), value < 1_000_000 {
                value = value * 10 + Int(bytes[digits] - 48)
                digits += 1
            }
            if digits > parts.host.upperBound + 1 { port = value }
        }
        self.port = port
        path = PercentDecoding.decode(text(parts.path))
        queryItems = (parts.query.map(text) ?? "").split(separator: "&").map { piece in
            let pair = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (
                PercentDecoding.decode(String(pair[0])),
                pair.count > 1 ? PercentDecoding.decode(String(pair[1])) : ""
            )
        }
        let end = parts.query?.upperBound ?? parts.path.upperBound
        fragment = end < bytes.count ? PercentDecoding.decode(text((end + 1)..<bytes.count)) : nil
    }
}
