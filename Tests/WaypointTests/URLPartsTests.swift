import Testing

@testable import Waypoint

/// How the matcher splits a URL string (RFC 3986 Appendix B, host without user-info and
/// port), edge cases included.
@Suite("URL parts")
struct URLPartsTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let url: String
        /// Scheme, host, path and query as text; nil parts when the URL is refused or has
        /// no query.
        let parts: (scheme: String, host: String, path: String, query: String?)?
        var testDescription: String { url.debugDescription }
    }

    static let cases: [Case] = [
        Case(url: "myapp://host/a/b", parts: ("myapp", "host", "/a/b", nil)),
        Case(url: "https://user:pw@example.com:8080/p?q=1#f", parts: ("https", "example.com", "/p", "q=1")),
        Case(url: "a://u@v@h/x", parts: ("a", "h", "/x", nil)),
        Case(url: "a://[::1]:80/x", parts: ("a", "[::1]", "/x", nil)),
        Case(url: "a://[::1/x", parts: ("a", "[::1", "/x", nil)),
        Case(url: "a://h?x/y#z", parts: ("a", "h", "", "x/y")),
        Case(url: "a://h#x?y", parts: ("a", "h", "", nil)),
        Case(url: "a://h?", parts: ("a", "h", "", "")),
        Case(url: "a://", parts: ("a", "", "", nil)),
        Case(url: "a:", parts: ("a", "", "", nil)),
        Case(url: "a:/", parts: ("a", "", "/", nil)),
        Case(url: "a:b/c?d", parts: ("a", "", "b/c", "d")),
        Case(url: "a:?x", parts: ("a", "", "", "x")),
        Case(url: "a:/#//x", parts: ("a", "", "/", nil)),
        Case(url: "A+b.c-d://H/%2F", parts: ("A+b.c-d", "H", "/%2F", nil)),
        Case(url: "a://h:/p", parts: ("a", "h", "/p", nil)),
        Case(url: "a://h:8080", parts: ("a", "h", "", nil)),
        Case(url: "a://u:p@h", parts: ("a", "h", "", nil)),
        Case(url: "a://h:1@x/y", parts: ("a", "x", "/y", nil)),
        Case(url: "a://:80/x", parts: ("a", "", "/x", nil)),
        Case(url: "a://h@", parts: ("a", "", "", nil)),
        Case(url: "a://x[::1]/y", parts: ("a", "x[", "/y", nil)),
        Case(url: "a://h]:80/x", parts: ("a", "h]", "/x", nil)),
        Case(
            url: "https://api.github.example.com:443/repos/o/r?x#y",
            parts: ("https", "api.github.example.com", "/repos/o/r", "x")),
        Case(url: "1a://h", parts: nil),
        Case(url: "://h", parts: nil),
        Case(url: "a", parts: nil),
        Case(url: "a b://h", parts: nil),
        Case(url: "", parts: nil),
    ]

    @Test("splits scheme, host, path and query", arguments: cases)
    func split(_ example: Case) {
        var url = example.url
        let actual = url.withUTF8 { bytes -> (String, String, String, String?)? in
            guard let parts = URLParts.split(bytes) else { return nil }
            func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
            return (text(parts.scheme), text(parts.host), text(parts.path), parts.query.map(text))
        }
        #expect(actual?.0 == example.parts?.scheme)
        #expect(actual?.1 == example.parts?.host)
        #expect(actual?.2 == example.parts?.path)
        #expect(actual?.3 == example.parts?.query)
        #expect((actual == nil) == (example.parts == nil))
    }

    /// The host and path by the rule itself, read off the string: the authority runs to the
    /// first `/`, `?` or `#`; the host follows its last `@`; an IP literal keeps its
    /// brackets when its `]` ends the host or comes before a `:` (else the whole host), else
    /// the host ends at its first `:`; the path runs to the first `?` or `#` after the
    /// authority.
    static func reference(authorityAndRest text: String) -> (host: String, path: String) {
        let characters = Array(text)
        let authorityEnd = characters.firstIndex { "/?#".contains($0) } ?? characters.count
        let authority = characters[..<authorityEnd]
        var host = authority.lastIndex(of: "@").map { authority[($0 + 1)...] } ?? authority
        if host.first == "[" {
            if let close = host.firstIndex(of: "]"), close + 1 == host.endIndex || host[close + 1] == ":" {
                host = host[...close]
            }
        } else if let colon = host.firstIndex(of: ":") {
            host = host[..<colon]
        }
        let rest = characters[authorityEnd...]
        let path = rest.prefix { !"?#".contains($0) }
        return (String(host), String(path))
    }

    /// Every short authority over the bytes that delimit its parts, against the rule as
    /// written: the split reads a host-and-port authority in one scan and the others in
    /// full, and this checks that the two agree with the rule in every lane of a word.
    @Test("the host and path agree with the rule for every short authority")
    func authorities() {
        let alphabet: [Character] = ["a", ":", "@", "[", "]", "/", "?", "#"]
        var texts: [String] = [""]
        var layer: [String] = [""]
        for _ in 1...5 {
            layer = layer.flatMap { prefix in alphabet.map { prefix + String($0) } }
            texts += layer
        }
        // Longer hosts put the delimiters past the first word.
        texts += texts.filter { $0.count == 3 }.map { "longer-host.example" + $0 + "/p" }
        for text in texts {
            var url = "s://" + text
            let split = url.withUTF8 { bytes -> (String, String)? in
                guard let parts = URLParts.split(bytes) else { return nil }
                return (
                    String(decoding: bytes[parts.host], as: UTF8.self),
                    String(decoding: bytes[parts.path], as: UTF8.self)
                )
            }
            let expected = Self.reference(authorityAndRest: text)
            #expect(split?.0 == expected.host, "\(url)")
            #expect(split?.1 == expected.path, "\(url)")
            // The link builder's split reads the same host: one reader of the authority.
            #expect(LinkComponents(url[...]).authority.map { String($0.host) } == expected.host, "\(url)")
        }
    }

    /// The raw query a dispatched link is given: after the first `?` unless a `#` comes
    /// before it, up to the first `#` after it.
    static let rawQueries: [(String, String?)] = [
        ("myapp://open/products/42", nil),
        ("myapp://open/products/42?", ""),
        ("myapp://open/products/42?a=1&b=2", "a=1&b=2"),
        ("myapp://open/products/42?a=1#frag", "a=1"),
        ("myapp://open/products/42?a=1#frag?b=2", "a=1"),
        ("myapp://open/products/42#frag?a=1", nil),
        ("myapp://open/x?#", ""),
        ("?q", "q"),
        ("#?q", nil),
        ("myapp://open/caf\u{E9}/\u{1F600}?name=\u{FC}ber&x=\u{1F600}#\u{E9}", "name=\u{FC}ber&x=\u{1F600}"),
        (
            "https://example.com/" + String(repeating: "segment/", count: 40) + "?long="
                + String(repeating: "v", count: 50), "long=" + String(repeating: "v", count: 50)
        ),
    ]

    @Test("finds the raw query of a URL string", arguments: rawQueries)
    func rawQuery(url: String, expected: String?) {
        #expect(URLParts.rawQuery(of: url).map(String.init) == expected)
    }

    /// Dispatch reads the query from the split that found the winner, not from a scan of
    /// its own: both must give the same text, non-ASCII offsets included.
    @Test("the winner's query offsets give the raw query", arguments: rawQueries)
    func winnerQuery(url: String, expected: String?) throws {
        let router = Router()
        try router.register("/:a") { _ in }
        var range: Range<Int>?
        let winner = router.table.winner(url, pathRoutesOnly: false, query: &range)
        let query = range.map { String(URLParts.substring($0, of: url)) }
        if case .refused = winner {
            #expect(query == nil)
        } else {
            #expect(query == expected)
        }
    }
}
