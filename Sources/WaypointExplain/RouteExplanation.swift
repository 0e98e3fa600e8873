import Waypoint

/// For one route, whether it matched a URL, or where and why it stopped (Documentation/spec/routing.md §5).
public struct RouteExplanation: Sendable, Hashable, CustomStringConvertible {
    /// The route, exactly as registered.
    public let route: String
    /// The route's position in registration order.
    public let priority: Int
    /// What happened.
    public let outcome: Outcome

    /// What matching did with the route.
    public enum Outcome: Sendable, Hashable {
        /// The route matches, capturing these parameters.
        case matched(RouteParameters)
        /// The route does not match, for this reason.
        case stopped(RouteStop)
    }

    /// Creates an explanation.
    public init(route: String, priority: Int, outcome: Outcome) {
        self.route = route
        self.priority = priority
        self.outcome = outcome
    }

    /// Whether the route matched.
    public var matched: Bool {
        if case .matched = outcome { true } else { false }
    }

    /// For example `/say/:word: matched (word = "hello")` or
    /// `/table/book: stopped: literal differs at path segment 2: expected "book", got "chair"`.
    public var description: String {
        switch outcome {
        case .matched(let parameters):
            let list = parameters.map { "\($0.name) = \(RouteError.quoted($0.value))" }
            return "\(route): matched" + (list.isEmpty ? "" : " (\(list.joined(separator: ", ")))")
        case .stopped(let stop):
            return "\(route): stopped: \(stop)"
        }
    }
}

/// Where a route stopped matching a URL, and why.
public enum RouteStop: Sendable, Hashable, CustomStringConvertible {
    /// The URL is longer than the router's limit; no route was tried.
    case urlTooLong(length: Int, limit: Int)
    /// The string is not an absolute URL; no route was tried.
    case invalidURL
    /// The route names a scheme and the URL has another.
    case schemeDiffers(expected: String, actual: String)
    /// A literal segment of the route differs from the URL's (after percent-decoding).
    case literalDiffers(at: SegmentPosition, expected: String, actual: String)
    /// The URL ends before this segment of the route.
    case segmentMissing(at: SegmentPosition)
    /// A parameter or `*` met an empty URL segment.
    case emptySegment(at: SegmentPosition)
    /// The route ended but the URL has more segments, from this one on.
    case extraSegments(at: SegmentPosition)
    /// The route's regex tail, starting at this segment, did not match the rest of the URL.
    case regexFailed(at: SegmentPosition)
    /// The regex tail starting at this segment hit a regex limit (the router's
    /// `RouterOptions.matchLimit`, `RouterOptions.depthLimit` or the engine's stack), which
    /// counts as a non-match.
    case limitHit(at: SegmentPosition, limit: RegexLimitKind)
    /// The lookup's regex budget (`RouterOptions.regexBudget`) was spent before it could
    /// pay for this route's regex, starting at this segment: the route was not reached, a
    /// non-match. Not a fault of the route: earlier regex work used up the budget.
    case regexBudgetSpent(at: SegmentPosition)

    /// A short sentence, e.g. `literal differs at path segment 2: expected "book", got "chair"`.
    public var description: String {
        switch self {
        case .urlTooLong(let length, let limit):
            "URL too long: \(length) UTF-8 bytes, the limit is \(limit)"
        case .invalidURL:
            "not an absolute URL"
        case .schemeDiffers(let expected, let actual):
            "scheme differs: expected \(RouteError.quoted(expected)), got \(RouteError.quoted(actual))"
        case .literalDiffers(let position, let expected, let actual):
            "literal differs at \(position): expected \(RouteError.quoted(expected)), got \(RouteError.quoted(actual))"
        case .segmentMissing(let position):
            "the URL ends before \(position)"
        case .emptySegment(let position):
            "\(position) is empty"
        case .extraSegments(let position):
            "the URL continues at \(position)"
        case .regexFailed(let position):
            "regex failed from \(position)"
        case .limitHit(let position, let limit):
            "regex from \(position) hit the regex \(limit.rawValue) limit"
        case .regexBudgetSpent(let position):
            "regex from \(position) not reached: the lookup's regex budget is spent"
        }
    }
}

/// A place in a URL: its host, or a path segment counted from 1.
public enum SegmentPosition: Sendable, Hashable, CustomStringConvertible {
    /// The host.
    case host
    /// The n-th path segment, from 1.
    case path(Int)

    /// `host` or `path segment n`.
    public var description: String {
        switch self {
        case .host: "host"
        case .path(let index): "path segment \(index)"
        }
    }
}
