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
    /// The regex work one lookup may do, all routes together (routing.md §4), in the units
    /// of ``matchLimit``: PCRE2's match-limit count, or ICU's saved backtracking states on
    /// the `NSRegularExpression` engine. Default 1,000,000 (ten full match limits).
    ///
    /// Every regex run of a lookup is charged at least 1,000 units, so a lookup makes at
    /// most `regexBudget / 1000` runs however many routes have a regex. A run that needs
    /// more than 1,000 units is charged what it may use: on PCRE2 it is run again with the
    /// full ``matchLimit``, and charged that limit too, when the budget left covers it; on
    /// `NSRegularExpression` it is charged 10,000 per progress report. When the budget left
    /// cannot pay for a run, that route's regex is not run: the route is a non-match, and
    /// ``Router/explain(_:)-(URL)`` reports it as ``RouteStop/regexBudgetSpent(at:)``.
    ///
    /// The guarantee: the regex runs of one lookup's search use at most `regexBudget` PCRE2
    /// units; on `NSRegularExpression`, at most `regexBudget` states plus 10,000 per run
    /// (ICU does not report the states it saves after its last report). Reading the
    /// parameters of a match found runs its regex once more. A budget below ``matchLimit``
    /// plus 1,000 stops every run before its own limit; `UInt32.max` is the largest
    /// budget there is.
    public var regexBudget: UInt32

    /// Creates options; every parameter has the documented default.
    public init(
        caseInsensitivePaths: Bool = false, strictTrailingSlash: Bool = false, maxURLLength: Int = 8192,
        matchLimit: UInt32 = 100_000, depthLimit: UInt32 = 20_000, regexBudget: UInt32 = 1_000_000
    ) {
        self.caseInsensitivePaths = caseInsensitivePaths
        self.strictTrailingSlash = strictTrailingSlash
        self.maxURLLength = maxURLLength
        self.matchLimit = matchLimit
        self.depthLimit = depthLimit
        self.regexBudget = regexBudget
    }

    /// The largest URL length the matcher accepts: ``maxURLLength``, at most 1 GiB, so every
    /// byte offset of a URL and its decoded segments fits the 32-bit offsets the matcher uses.
    var urlLengthBound: Int {
        min(max(maxURLLength, 0), 1 << 30)
    }
}
