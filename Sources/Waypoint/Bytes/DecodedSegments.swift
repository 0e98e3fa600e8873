/// A URL split and decoded as the router splits it, into owned arrays: for code that matches
/// outside the trie (the reference matcher in `WaypointReference`). The router reads
/// ``SegmentView`` in place instead.
package struct DecodedSegments: Sendable {
    /// The scheme, lower-cased.
    package let scheme: [UInt8]
    /// The decoded host, then the decoded path segments (one trailing `/` dropped unless
    /// trailing slashes are strict).
    package let segments: [[UInt8]]

    /// `url` split and decoded under `options`; nil when the router refuses it (longer than
    /// ``RouterOptions/maxURLLength`` allows, or not an absolute URL).
    package init?(_ url: String, options: RouterOptions) {
        var url = url
        guard
            let (scheme, segments) = url.withUTF8({ bytes -> ([UInt8], [[UInt8]])? in
                guard bytes.count <= options.urlLengthBound,
                    let parts = URLParts.split(bytes)?.matched(in: bytes, host: options.customSchemeHost)
                else {
                    return nil
                }
                let segments = SegmentView.withSegments(
                    host: UnsafeBufferPointer(rebasing: bytes[parts.host]),
                    path: UnsafeBufferPointer(rebasing: bytes[parts.path]),
                    strictTrailingSlash: options.strictTrailingSlash
                ) { view in (0..<view.count).map { Array(view.segment($0)) } }
                return (bytes[parts.scheme].map(\.asciiLowercased), segments)
            })
        else { return nil }
        self.scheme = scheme
        self.segments = segments
    }

    /// The subjects of whole-route patterns: the host and path (`host/seg/seg…`) and the
    /// path alone (`/seg/seg…`, empty without segments), without a trailing slash.
    package var joined: (host: [UInt8], path: [UInt8]) {
        (Self.join(segments[...]), segments.dropFirst().flatMap { [UInt8(ascii: "/")] + $0 })
    }

    /// `segments` joined by `/`.
    package static func join(_ segments: ArraySlice<[UInt8]>) -> [UInt8] {
        var bytes: [UInt8] = []
        for (index, segment) in segments.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: "/")) }
            bytes.append(contentsOf: segment)
        }
        return bytes
    }
}
