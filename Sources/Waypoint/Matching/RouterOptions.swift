/// How a ``Router`` matches (routing.md §4).
///
/// Options are fixed when the router is created, because routes compile against them.
public struct RouterOptions: Sendable, Hashable {
    /// When true, literal and regex path parts compare case-insensitively (ASCII letters
    /// fold as ASCII; other literal characters by Unicode case folding). Literal host
    /// segments are always case-insensitive. Default false.
    public var caseInsensitivePaths: Bool
    /// When true, a trailing `/` must match exactly: `/table/book` does not match
    /// `/table/book/`. When false (the default) one trailing slash is ignored on both the
    /// URL and the route.
    public var strictTrailingSlash: Bool
    /// URLs longer than this many UTF-8 bytes match nothing, with the reason
    /// ``RoutingFailure/urlTooLong``. Default 8192; values above 1 GiB act as 1 GiB (the
    /// matcher keeps segment offsets in 32 bits).
    public var maxURLLength: Int
    /// PCRE2's match limit for every regex match: a pattern that needs more backtracking
    /// steps is a non-match for that route, reported by ``Router/explain(_:)-(URL)``.
    /// Default 100,000.
    public var matchLimit: UInt32
    /// PCRE2's depth limit (nested backtracking) for every regex match. JIT-compiled
    /// patterns are bounded by their machine stack instead. Default 20,000.
    public var depthLimit: UInt32

    /// Creates options; every parameter has the documented default.
    public init(
        caseInsensitivePaths: Bool = false, strictTrailingSlash: Bool = false, maxURLLength: Int = 8192,
        matchLimit: UInt32 = 100_000, depthLimit: UInt32 = 20_000
    ) {
        self.caseInsensitivePaths = caseInsensitivePaths
        self.strictTrailingSlash = strictTrailingSlash
        self.maxURLLength = maxURLLength
        self.matchLimit = matchLimit
        self.depthLimit = depthLimit
    }

    /// The largest URL length the matcher accepts: ``maxURLLength``, at most 1 GiB, so every
    /// byte offset of a URL and its decoded segments fits the 32-bit offsets the matcher uses.
    var urlLengthBound: Int {
        min(max(maxURLLength, 0), 1 << 30)
    }
}
