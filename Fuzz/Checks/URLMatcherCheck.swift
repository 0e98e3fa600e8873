import Waypoint

/// Fuzz target `url-matcher`: one URL matched against a fixed table of routes that uses every
/// segment form, host and scheme routes (host parameters, mixed and non-ASCII hosts among
/// them), and catastrophic regexes, under four router configurations.
///
/// Input: the URL's bytes decoded as UTF-8 (invalid sequences repaired, as any outside
/// string is); an input starting with `/` is read as `s://h` followed by it, so the fuzzer
/// reaches paths quickly. Every invariant of ``MatchInvariants`` is checked.
public enum URLMatcherCheck {
    /// The table, in registration order.
    static let routes = [
        "/", "/products/:id", "/products/:id([0-9]+)/reviews", "/file/:name.json", "/account/:code?",
        "/docs/**", "/say/:word", "/search/:q(.*)", "/u/:a/:b/:c", "/(a|b)/[0-9]+", "/case/Straße",
        "/x/:v((a+)+b)", "/y/:v((a|aa)*c)", "/z/:v(((((((((((a*)*)*)*)*)*)*)*)*)*)*c)", "/é/:p", "/:from-:to",
        "/*/star", "/%41", "/n/:n(\\d{1,3})/num", "/x/:v/**", "/a//b/", "/dot/a.b", "timeline", "h.com/:id",
        ":host/static", "(h|x)/**", "myapp://item/:id", "MyApp://case/:id?", "/:lang([a-z]{2})/:page(.*)",
        "/t/:id([^/]*)", "/k/:a(x|y)?:b", ":sub.example.com/:file", ":h([a-z]+)/:x", "café.com/:id",
        "/café/*/**", "/kk/:x(k+)", "myapp://.*",
    ]

    /// Defaults, case-insensitive paths, strict trailing slashes, and tight limits (a short
    /// URL bound and a small match limit, so the fuzzer reaches both).
    static let configurations = [
        RouterOptions(),
        RouterOptions(caseInsensitivePaths: true),
        RouterOptions(strictTrailingSlash: true),
        RouterOptions(maxURLLength: 96, matchLimit: 500, depthLimit: 50),
    ]

    /// The four routers and their reference matchers, built once per process. Explanations
    /// are described under the defaults and the tight limits, where the outcomes that only a
    /// limit gives (too long, limit hit) occur; the other two give the same kinds of outcome
    /// as the defaults. `explain`, which walks all 37 routes, is checked on one URL in four
    /// and wherever the reference disagrees (``MatchInvariants/check(_:)``).
    static let tables: [MatchInvariants] = configurations.enumerated().map { index, options in
        try! MatchInvariants(
            routes: routes, options: options,
            checksDescriptions: index == 0 || index == configurations.count - 1, explainsOneIn: 4)
    }

    /// Checks one fuzz input under one configuration, which the input's last byte picks
    /// (a URL rarely ends in the same byte twice in a row, so mutations reach all four).
    /// Checking every input under all four cost four times the work per input for the
    /// same coverage: libFuzzer ran about 500 inputs a second (issue 21 §5).
    public static func check(_ data: [UInt8]) throws(FuzzViolation) {
        let text = String(decoding: data, as: UTF8.self)
        let url = text.utf8.first == UInt8(ascii: "/") ? "s://h" + text : text
        try tables[Int(data.last ?? 0) % tables.count].check(url)
    }
}
