/// A URL's host and path segments, percent-decoded into one temporary buffer, as the
/// matcher reads them (Documentation/spec/routing.md §4).
///
/// Segment 0 is the host; segments 1… are the path split on `/` *before* decoding, each
/// decoded on its own (a segment with an invalid escape or non-UTF-8 result is kept as
/// written). In the buffer the segments are joined by `/`, so the rest of the path from
/// any segment is one contiguous slice, the subject of a regex tail. One extra `/` follows
/// the last segment, so that rest can also be read with a trailing slash.
///
/// A view points into memory that lives only inside ``withSegments(host:path:strictTrailingSlash:_:)``.
package struct SegmentView {
    private let bytes: UnsafePointer<UInt8>
    /// Start and end offsets of each segment, interleaved.
    private let bounds: UnsafePointer<Int32>
    /// The number of segments in this view.
    package let count: Int
    /// The offset just after the last segment; `bytes[end]` is `/`.
    private let end: Int
    /// What to add to a buffer offset of the host (segment 0 of a view with its host) and
    /// of the path segments to get their offsets in the source string; ``notInSource``
    /// when that part was decoded, or no source was given.
    private let hostDelta: Int32
    private let pathDelta: Int32
    private static let notInSource = Int32.min

    /// The UTF-8 offsets in the source string (see
    /// ``withSegments(host:path:strictTrailingSlash:source:_:)``) of segment `index`, or
    /// nil when the segment was decoded and its bytes are not in the source as they are.
    @inline(__always)
    func sourceBounds(ofSegment index: Int) -> (start: UInt32, end: UInt32)? {
        let delta = index == 0 && !droppedHost ? hostDelta : pathDelta
        guard delta != Self.notInSource else { return nil }
        return (UInt32(bounds[2 * index] &+ delta), UInt32(bounds[2 * index + 1] &+ delta))
    }

    /// The UTF-8 offset in the source string of ``rest(from:)``'s first byte, or nil when
    /// some of the rest is not in the source as it is (a decoded segment, or, for a rest
    /// that starts at the host, something such as a port between host and path). The rest
    /// is then the source's bytes from there on, for its length. An empty rest is at 0.
    @inline(__always)
    func sourceStart(ofRestFrom index: Int) -> Int? {
        guard index < count else { return 0 }
        let delta: Int32
        if index == 0 && !droppedHost {
            // The host, and the path after it when there is one.
            guard count == 1 || hostDelta == pathDelta else { return nil }
            delta = hostDelta
        } else {
            delta = pathDelta
        }
        guard delta != Self.notInSource else { return nil }
        return Int(bounds[2 * index] &+ delta)
    }

    /// The bytes of segment `index`.
    @inline(__always)
    package func segment(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        let start = Int(bounds[2 * index])
        return UnsafeBufferPointer(start: bytes + start, count: Int(bounds[2 * index + 1]) - start)
    }

    /// Segments `index…` joined by `/`; empty when `index >= count`.
    @inline(__always)
    package func rest(from index: Int) -> UnsafeBufferPointer<UInt8> {
        guard index < count else { return UnsafeBufferPointer(start: bytes + end, count: 0) }
        let start = Int(bounds[2 * index])
        return UnsafeBufferPointer(start: bytes + start, count: end - start)
    }

    /// ``rest(from:)`` followed by one `/`, as if the URL ended with a slash; for
    /// `index >= count` the empty string (the segment after that slash).
    @inline(__always)
    package func restWithTrailingSlash(from index: Int) -> UnsafeBufferPointer<UInt8> {
        guard index < count else { return UnsafeBufferPointer(start: bytes + end, count: 0) }
        let start = Int(bounds[2 * index])
        return UnsafeBufferPointer(start: bytes + start, count: end + 1 - start)
    }

    /// Every segment of this view joined by `/`, each path segment after a `/`: for a host
    /// view `host/seg/seg`, for a path view `/seg/seg` (empty without segments). With
    /// `trailingSlash`, one `/` follows. This is the subject of a full-route regex.
    func joined(trailingSlash: Bool) -> UnsafeBufferPointer<UInt8> {
        // A path view starts at the `/` before its first segment, i.e. where the host ends.
        let start = isPathView ? Int(bounds[-1]) : Int(bounds[0])
        return UnsafeBufferPointer(start: bytes + start, count: end - start + (trailingSlash ? 1 : 0))
    }

    /// Whether this view dropped the host (its bounds start after the host's).
    private var isPathView: Bool { droppedHost }

    /// The view without its first segment: the path segments of a host-and-path view.
    package var droppingFirst: SegmentView {
        SegmentView(
            bytes: bytes, bounds: bounds + 2, count: count - 1, end: end, hostDelta: hostDelta,
            pathDelta: pathDelta, droppedHost: true)
    }

    /// `slice` as a string.
    package static func string(_ slice: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: slice, as: UTF8.self)
    }

    /// Whether this is the path part of a host-and-path view.
    private let droppedHost: Bool

    private init(
        bytes: UnsafePointer<UInt8>, bounds: UnsafePointer<Int32>, count: Int, end: Int,
        hostDelta: Int32, pathDelta: Int32, droppedHost: Bool = false
    ) {
        self.bytes = bytes
        self.bounds = bounds
        self.count = count
        self.end = end
        self.hostDelta = hostDelta
        self.pathDelta = pathDelta
        self.droppedHost = droppedHost
    }

    /// Decodes `host` and `path` into temporary memory and calls `body` with the view.
    ///
    /// - Parameters:
    ///   - strictTrailingSlash: when false, one trailing `/` of the path is dropped (its
    ///     empty last segment), so `/a/` reads as `/a`.
    ///   - source: the start of the string that `host` and `path` are parts of, so that
    ///     ``sourceBounds(ofSegment:)`` can say where a segment that needed no decoding is
    ///     in it; nil when no caller asks.
    ///   - queryEnds: whether the first `?` or `#` of `path` ends it (a bare path, whose
    ///     query and fragment are not part of the match). The split finds it on the way, so
    ///     the path is not scanned for it first.
    /// - Complexity: O(n) in the URL's length; a path without `%` is copied once and
    ///   scanned once, eight bytes at a time. Allocates nothing for ordinary URLs (the buffer
    ///   is stack-allocated when small).
    static func withSegments<Result>(
        host: UnsafeBufferPointer<UInt8>, path: UnsafeBufferPointer<UInt8>, strictTrailingSlash: Bool,
        source: UnsafePointer<UInt8>? = nil, queryEnds: Bool = false, _ body: (SegmentView) -> Result
    ) -> Result {
        var path = path
        if queryEnds, let first = path.first, first == UInt8(ascii: "?") || first == UInt8(ascii: "#") {
            path = UnsafeBufferPointer(rebasing: path[0..<0])
        }
        let rooted = path.first == UInt8(ascii: "/")
        let pathBody = UnsafeBufferPointer(rebasing: path[(rooted ? 1 : 0)...])
        let bodyCount = pathBody.count
        // One buffer: the bounds (at most one segment per byte of the path body, plus the
        // host and the last segment), then the bytes, with eight spare bytes after them so
        // that the scan reads whole words, and so that eight bytes can be read from the
        // start of any segment (``SegmentKey``).
        let boundsCount = 2 * (bodyCount + 2)
        let byteCount = host.count + path.count + 2 + max(8, SegmentKey.padding)
        return withUnsafeTemporaryAllocation(
            byteCount: 4 * boundsCount + byteCount, alignment: MemoryLayout<Int32>.alignment
        ) { raw in
            let boundsBase = raw.baseAddress!.bindMemory(to: Int32.self, capacity: boundsCount)
            let base = (raw.baseAddress! + 4 * boundsCount).bindMemory(to: UInt8.self, capacity: byteCount)
            let (hostLength, hostDecoded) = decode(host, into: base)
            var written = hostLength
            boundsBase[0] = 0
            boundsBase[1] = Int32(written)
            var hostDelta = notInSource
            var pathDelta = notInSource
            if let source, !hostDecoded {
                hostDelta = host.baseAddress.map { Int32($0 - source) } ?? 0
            }
            var count = 1
            if !path.isEmpty {
                base[written] = UInt8(ascii: "/")
                let copyStart = written + 1
                if let bodyStart = pathBody.baseAddress, bodyCount > 0 {
                    (base + copyStart).update(from: bodyStart, count: bodyCount)
                }
                if let length = splitCopied(
                    base + copyStart, count: bodyCount, offset: Int32(copyStart), into: boundsBase + 2,
                    segments: &count, queryEnds: queryEnds)
                {
                    written = copyStart + length
                    if let source, let bodyStart = pathBody.baseAddress {
                        pathDelta = Int32(bodyStart - source) - Int32(copyStart)
                    }
                } else {
                    count = 1
                    var decoded = pathBody
                    if queryEnds {
                        let end = ByteScan.firstIndex(
                            of: UInt8(ascii: "?"), UInt8(ascii: "#"), in: pathBody, 0..<bodyCount)
                        decoded = UnsafeBufferPointer(rebasing: pathBody[0..<end])
                    }
                    written = splitDecoding(
                        decoded, into: base, at: written, bounds: boundsBase, segments: &count)
                }
            }
            if !path.isEmpty && !strictTrailingSlash && count > 1
                && boundsBase[2 * count - 2] == boundsBase[2 * count - 1]
            {
                // Drop the empty last segment and the `/` before it.
                count -= 1
                written -= 1
            }
            base[written] = UInt8(ascii: "/")
            return body(
                SegmentView(
                    bytes: UnsafePointer(base), bounds: UnsafePointer(boundsBase), count: count,
                    end: written, hostDelta: hostDelta, pathDelta: pathDelta))
        }
    }

    /// Splits the `count` path bytes copied at `bytes` (with eight writable bytes after
    /// them) on `/`, writing each segment's bounds, plus `offset`, to `bounds` and counting
    /// them into `segments`. With `queryEnds` the path ends at its first `?` or `#`.
    ///
    /// - Returns: the length of the path split; nil, with nothing counted, when a byte of it
    ///   is `%`, so the path must be decoded segment by segment.
    @inline(__always)
    private static func splitCopied(
        _ bytes: UnsafeMutablePointer<UInt8>, count: Int, offset: Int32,
        into bounds: UnsafeMutablePointer<Int32>,
        segments: inout Int, queryEnds: Bool
    ) -> Int? {
        // Zero the bytes after the path, so the last word holds no `/` or `%` beyond it.
        UnsafeMutableRawPointer(bytes + count).storeBytes(of: 0, as: UInt64.self)
        var found = 0
        bounds[0] = offset
        var word = 0
        var end = count
        while word < count {
            var value = UnsafeRawPointer(bytes + word).loadUnaligned(as: UInt64.self)
            var ended = false
            if queryEnds {
                let stops =
                    exactZeroLanes(value ^ 0x3F3F_3F3F_3F3F_3F3F)
                    | exactZeroLanes(value ^ 0x2323_2323_2323_2323)
                if stops != 0 {
                    // Keep the lanes before the first stop: a zero lane is neither `/` nor `%`.
                    let lane = stops.trailingZeroBitCount / 8
                    end = word &+ lane
                    value &= lane == 0 ? 0 : UInt64.max &>> UInt64(64 &- 8 &* lane)
                    ended = true
                }
            }
            if exactZeroLanes(value ^ 0x2525_2525_2525_2525) != 0 { return nil }
            var slashes = exactZeroLanes(value ^ 0x2F2F_2F2F_2F2F_2F2F)
            while slashes != 0 {
                // The length bound (``RouterOptions/urlLengthBound``, at most 1 GiB) keeps
                // every offset in range, so the conversion needs no check.
                let position = offset &+ Int32(truncatingIfNeeded: word &+ slashes.trailingZeroBitCount / 8)
                bounds[2 &* found &+ 1] = position
                bounds[2 &* found &+ 2] = position &+ 1
                found &+= 1
                slashes &= slashes &- 1
            }
            if ended { break }
            word &+= 8
        }
        bounds[2 &* found &+ 1] = offset &+ Int32(truncatingIfNeeded: end)
        segments &+= found &+ 1
        return end
    }

    /// The high bit of exactly the lanes of `word` that are zero.
    @inline(__always)
    private static func exactZeroLanes(_ word: UInt64) -> UInt64 {
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ~(((word & low) &+ low) | word | low)
    }

    /// Copies each segment of `pathBody` after a `/`, from `written` on, decoding the
    /// segments that hold a `%`; writes their bounds after the host's and counts them.
    /// Returns the offset after the last segment.
    private static func splitDecoding(
        _ pathBody: UnsafeBufferPointer<UInt8>, into base: UnsafeMutablePointer<UInt8>, at start: Int,
        bounds boundsBase: UnsafeMutablePointer<Int32>, segments count: inout Int
    ) -> Int {
        // One pass copies each segment after a `/` and notes whether it holds a `%`; only
        // such a segment is then decoded, from the source over its copy.
        var written = start
        var read = 0
        while true {
            base[written] = UInt8(ascii: "/")
            written += 1
            let start = written
            let segmentStart = read
            var segmentEscaped = false
            while read < pathBody.count {
                let byte = pathBody[read]
                if byte == UInt8(ascii: "/") { break }
                base[written] = byte
                segmentEscaped = segmentEscaped || byte == UInt8(ascii: "%")
                written += 1
                read += 1
            }
            if segmentEscaped {
                let raw = UnsafeBufferPointer(rebasing: pathBody[segmentStart..<read])
                written = start + decode(raw, into: base + start).length
            }
            boundsBase[2 * count] = Int32(start)
            boundsBase[2 * count + 1] = Int32(written)
            count += 1
            if read == pathBody.count { break }
            read += 1
        }
        return written
    }

    /// Writes `raw` decoded (or as written when it cannot be decoded) and returns its length
    /// and whether it was decoded.
    @inline(__always)
    private static func decode(
        _ raw: UnsafeBufferPointer<UInt8>, into destination: UnsafeMutablePointer<UInt8>
    ) -> (length: Int, decoded: Bool) {
        if PercentDecoding.needsDecoding(raw), let length = PercentDecoding.decode(raw, into: destination) {
            return (length, true)
        }
        if let source = raw.baseAddress, !raw.isEmpty {
            destination.update(from: source, count: raw.count)
        }
        return (raw.count, false)
    }
}
