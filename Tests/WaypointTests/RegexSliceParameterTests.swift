import Foundation
import Testing

@testable import Waypoint
@testable import WaypointExplain

/// Parameters captured by regex tails, segment checks and globs are kept as ranges of the
/// matched string and made into strings only when read. Each case
/// gives the values a caller reads, whether they may stay ranges, and agrees with the
/// per-route walk behind `explain`, which makes every value as a string; on both engines.
@Suite("Regex captures as ranges of the input")
struct RegexSliceParameterTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let routes: [String]
        let url: String
        let expected: [String: String]
        /// Whether the values stay ranges of the URL (nothing decoded, nothing outside it).
        let slices: Bool

        var testDescription: String { "\(url) on \(routes.last ?? "")" }
    }

    static let cases: [Case] = [
        Case(routes: ["/f/:id([0-9]+)"], url: "s://h/f/42", expected: ["id": "42"], slices: true),
        Case(routes: ["/f/:id([0-9]+)"], url: "s://h/f/42?x=1#top", expected: ["id": "42"], slices: true),
        Case(
            routes: ["/f/:city([a-zA-Z]+)/:place(.*)"], url: "s://h/f/Paris/le-cafe/menu",
            expected: ["city": "Paris", "place": "le-cafe/menu"], slices: true),
        Case(
            routes: ["/f/:year([0-9]{4})-:month([0-9]{2})"], url: "s://h/f/2024-05",
            expected: ["year": "2024", "month": "05"], slices: true),
        Case(
            routes: ["/f/:lang(en|fr)/:page([a-z]+)"], url: "s://h/f/fr/about/",
            expected: ["lang": "fr", "page": "about"], slices: true),
        Case(
            routes: ["/f/v:version([0-9]+)/:rest(.*)"], url: "s://h/f/v2/a/b",
            expected: ["version": "2", "rest": "a/b"],
            slices: true),
        // Non-ASCII values are ranges too; the byte offsets are UTF-8 on both engines.
        Case(
            routes: ["/f/:city([^/]+)/:place(.*)"], url: "s://h/f/Zürich/Café/😀x",
            expected: ["city": "Zürich", "place": "Café/😀x"], slices: true),
        // A decoded segment is not in the URL as written: strings.
        Case(
            routes: ["/f/:city([a-zA-Z]+)/:place(.*)"], url: "s://h/f/Paris/caf%C3%A9",
            expected: ["city": "Paris", "place": "café"], slices: false),
        // The trailing slash the router ignores: an empty rest is a range, a value that
        // takes the slash is not in the URL.
        Case(routes: ["/docs/:rest(.*)"], url: "s://h/docs", expected: ["rest": ""], slices: true),
        Case(routes: ["/a/:x([a-z]+/)"], url: "s://h/a/b", expected: ["x": "b/"], slices: false),
        // Routes without names, and more names than the ranges hold.
        Case(routes: ["/f/(new|hot)"], url: "s://h/f/hot", expected: [:], slices: false),
        Case(
            routes: ["/f/:a/:b/:c/:d([0-9]+)-:e([0-9]+)"], url: "s://h/f/1/2/3/4-5",
            expected: ["a": "1", "b": "2", "c": "3", "d": "4", "e": "5"], slices: false),
        // A named group that takes no part is absent: strings, with the names that did.
        Case(
            routes: ["/release/:major([0-9]+)(\\.:minor([0-9]+))?"], url: "s://h/release/12",
            expected: ["major": "12"], slices: false),
        Case(
            routes: ["/release/:major([0-9]+)(\\.:minor([0-9]+))?"], url: "s://h/release/12.4",
            expected: ["major": "12", "minor": "4"], slices: true),
        // Hosts: a raw-regex host runs with the path as one subject; a port between them
        // breaks the range.
        Case(
            routes: ["(www\\.)?ex\\.com/deals/:deal([0-9]+)"], url: "https://www.ex.com/deals/7",
            expected: ["deal": "7"], slices: true),
        Case(
            routes: ["(www\\.)?ex\\.com/deals/:deal([0-9]+)"], url: "https://ex.com:8080/deals/7",
            expected: ["deal": "7"], slices: false),
        Case(
            routes: [":city([a-z]+).ex.com/:id([0-9]+)"], url: "https://paris.ex.com/5",
            expected: ["city": "paris", "id": "5"], slices: true),
        Case(
            routes: [":city([a-z]+).ex.com/:id([0-9]+)"], url: "https://par%69s.ex.com/5",
            expected: ["city": "paris", "id": "5"], slices: false),
        // Globs.
        Case(routes: ["/files/**"], url: "s://h/files/a/b", expected: ["**": "a/b"], slices: true),
        Case(
            routes: ["/files/:kind/**"], url: "s://h/files/x", expected: ["kind": "x", "**": ""], slices: true
        ),
        // An earlier route's tail ran and failed after the winner's matched: the winner's
        // groups are its own.
        Case(
            routes: ["/f/:id([0-9]+)", "/f/:name([a-z]+)"], url: "s://h/f/abc", expected: ["name": "abc"],
            slices: true),
        Case(
            routes: ["/g/:id([0-9]+)/x", "/g/:any(.*)"], url: "s://h/g/12/y", expected: ["any": "12/y"],
            slices: true),
    ]

    @Test("a regex hit reads the right values, as ranges where it can", arguments: cases)
    func values(_ example: Case) throws {
        let router = Router()
        for route in example.routes { try router.register(RouteName(route)) { _ in } }
        let match = try #require(router.match(example.url))
        #expect(match.routeParameters.dictionary == example.expected)
        #expect(match.routeParameters.holdsSlices == example.slices)
        let explained = router.explain(example.url).compactMap { explanation -> RouteParameters? in
            guard case .matched(let parameters) = explanation.outcome else { return nil }
            return parameters
        }
        #expect(explained.first == match.routeParameters)
        // The path API and `matches` make the same values.
        if example.routes.allSatisfy({ $0.hasPrefix("/") }) {
            let path = String(example.url.dropFirst("s://h".count))
            #expect(router.match(path: path)?.routeParameters.dictionary == example.expected)
        }
        #expect(router.matches(example.url).first?.routeParameters.dictionary == example.expected)
    }

    @Test("values kept as ranges outlive the string they were matched in, and cross tasks")
    func outliveTheInput() async throws {
        let router = Router()
        try router.register("/f/:city([a-zA-Z]+)/:place(.*)") { _ in }
        var kept: [RouteParameters] = []
        for index in 0..<50 {
            // A fresh heap string per lookup, gone once the loop moves on.
            let url = "s://h/f/" + String(repeating: "Oslo", count: 1 + index % 5) + "/pier/\(index)"
            kept.append(try #require(router.match(url)?.routeParameters))
        }
        let sent = kept
        let values = await Task.detached { sent.map { $0["place"] ?? "-" } }.value
        #expect(values == (0..<50).map { "pier/\($0)" })
        #expect(kept.allSatisfy { $0.holdsSlices })
        #expect(kept[7]["city"] == String(repeating: "Oslo", count: 3))
    }

    /// The Foundation engine converts the first subject of a lookup and reuses the text for
    /// later subjects that are its suffixes; a text left by another lookup is reused only
    /// where its bytes are the same. Lookups that alternate lengths and contents at the
    /// same places must each read their own values.
    @Test("lookups one after another each read their own values")
    func alternatingLookups() throws {
        let router = Router()
        try router.register("/a/:x([a-z]+)/:y([0-9]+)") { _ in }
        try router.register("/a/:rest(.*)") { _ in }
        try router.register("/b/:x([0-9]+)") { _ in }
        var random = SplitMix64(seed: 24)
        for _ in 0..<400 {
            let letters = String(repeating: "q", count: Int(random.next() % 4) + 1)
            let digits = String(random.next() % 1000)
            switch random.next() % 4 {
            case 0:
                #expect(
                    router.match("s://h/a/\(letters)/\(digits)")?.routeParameters == [
                        "x": letters, "y": digits,
                    ])
            case 1:
                #expect(
                    router.match("s://h/a/\(digits)/\(letters)")?.routeParameters == [
                        "rest": "\(digits)/\(letters)"
                    ])
            case 2:
                #expect(router.match(path: "/b/\(digits)")?.routeParameters == ["x": digits])
            default:
                #expect(
                    router.match("s://h/a/é\(letters)/\(digits)")?.routeParameters == [
                        "rest": "é\(letters)/\(digits)"
                    ])
            }
        }
    }
}
