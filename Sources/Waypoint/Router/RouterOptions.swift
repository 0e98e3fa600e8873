/// How a ``Router`` matches (Documentation/spec/routing.md §4).
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
    /// steps is a non-match for that route, reported by `Router.explain(_:)` (the
    /// `WaypointExplain` product). Default 100,000.
    public var matchLimit: UInt32
    /// PCRE2's depth limit (nested backtracking) for every regex match. JIT-compiled
    /// patterns are bounded by their machine stack instead. Default 20,000.
    public var depthLimit: UInt32
    /// The regex work one lookup may do, all routes together (Documentation/spec/routing.md §4), past what
    /// each run is allowed for free, in the units of ``matchLimit``: PCRE2's match-limit
    /// count, or ICU's saved backtracking states on the `NSRegularExpression` engine.
    /// Default 1,000,000 (ten full match limits).
    ///
    /// Every regex run has an allowance, the work an ordinary route regex needs on a subject
    /// of its length (a few units plus one to four a byte, as the engine counts), which the
    /// budget does not pay for: a table whose regexes finish within it, such as
    /// `:id([0-9]+)`, `:lang([a-z]{2})` or `(www\.)?shop\.com`, never loses a route to the
    /// budget, at any size. A run that needs more is charged what it may use: on PCRE2 it is
    /// run again with the full ``matchLimit``, charged that limit, when the budget left
    /// covers it; on `NSRegularExpression` each progress report past its allowance costs
    /// 10,000. When the budget left cannot pay, that route's regex is not run to its end: the
    /// route is a non-match, and `Router.explain(_:)` (the `WaypointExplain` product)
    /// reports it as `RouteStop.regexBudgetSpent(at:)`. Every later run of that lookup then
    /// has only the allowance of an empty subject, and a later tail that repeats a group that
    /// repeats (`(a+)+`, `(\w*)*`, the shape `waypoint lint` names) is not run at all and is
    /// reported the same way, so thousands of distinct catastrophic patterns cost the budget
    /// and little more. Routes whose tails compile to the same pattern at the same place
    /// share one run per lookup.
    ///
    /// The guarantee: one lookup's search does at most `regexBudget` units of work past the
    /// allowances, plus one allowance per run, and at most two runs per distinct tail pattern
    /// at each place the URL reaches. Reading the parameters of the match found runs its
    /// regex once more. `UInt32.max` is the largest budget there is.
    public var regexBudget: UInt32
    /// What the part after `//` of a custom-scheme link is: its host (the default, as in
    /// DeepLinkKit and RFC 3986), or the first segment of its path, as most apps write their
    /// links. Links of `http` and `https` always have a host.
    public var customSchemeHost: CustomSchemeHost

    /// How a custom-scheme link's authority is read (``customSchemeHost``).
    ///
    /// ```swift
    /// import Waypoint
    ///
    /// let router = Router(options: RouterOptions(customSchemeHost: .firstPathSegment))
    /// // myapp://products/5 and myapp:///products/5 both match "/products/:id".
    /// ```
    public enum CustomSchemeHost: Sendable, Hashable {
        /// `myapp://products/5` has the host `products` and the path `/5`: it matches the
        /// host route `products/:id`, and the path route `/products/:id` matches
        /// `myapp://app/products/5` or `myapp:///products/5`.
        case host
        /// `myapp://products/5` has no host and the path `/products/5`: path routes see the
        /// host as their first segment, and host routes see an empty host.
        case firstPathSegment
    }

    /// Creates options; every parameter has the documented default.
    public init(
        caseInsensitivePaths: Bool = false, strictTrailingSlash: Bool = false, maxURLLength: Int = 8192,
        matchLimit: UInt32 = 100_000, depthLimit: UInt32 = 20_000, regexBudget: UInt32 = 1_000_000,
        customSchemeHost: CustomSchemeHost = .host
    ) {
        self.customSchemeHost = customSchemeHost
        self.caseInsensitivePaths = caseInsensitivePaths
        self.strictTrailingSlash = strictTrailingSlash
        self.maxURLLength = maxURLLength
        self.matchLimit = matchLimit
        self.depthLimit = depthLimit
        self.regexBudget = regexBudget
    }

    /// The largest URL length the matcher accepts: ``maxURLLength``, at most 1 GiB, so every
    /// byte offset of a URL and its decoded segments fits the 32-bit offsets the matcher uses.
    package var urlLengthBound: Int {
        min(max(maxURLLength, 0), 1 << 30)
    }
}
