import Foundation
import Testing

@testable import WaypointDetour

/// The examples of Documentation/spec/detour.md §2 and §3, as written in the spec.
@Suite("Detour link pipeline")
struct LinkPipelineTests {
    /// The table of §2.6.
    static let fieldTable: [LinkCase] = [
        LinkCase(
            input: "https://acme.godetour.link/AbC/products/42?color=red",
            url: "https://acme.godetour.link/AbC/products/42?color=red", route: "/products/42?color=red",
            params: ["color": "red"], type: .verified),
        LinkCase(
            input: "//acme.godetour.link/h/p", url: "https://acme.godetour.link/h/p", route: "/p",
            params: [:],
            type: .verified),
        LinkCase(
            input: "https://x.com/h/a%20b/c?q=a%26b&q=2&flag&=5&x=hello+world#f",
            url: "https://x.com/h/a%20b/c?q=a%26b&q=2&flag&=5&x=hello+world#f",
            route: "/a%20b/c?q=a%26b&q=2&flag&=5&x=hello+world",
            params: ["q": "2", "flag": "", "": "5", "x": "hello world"], type: .verified),
        LinkCase(input: "https://x.com/abc/promo#s?id=5", route: "/promo", params: [:], type: .verified),
        LinkCase(
            input: "https://x.com/h/a b?q=c d", route: "/a%20b?q=c%20d", params: ["q": "c d"], type: .verified
        ),
        LinkCase(
            input: "myapp://a%3Fb/product/hello%20world?q=a%26b#top",
            route: "/a%3Fb/product/hello%20world?q=a%26b",
            params: ["q": "a&b"], type: .scheme),
        LinkCase(
            input: "/h/p?a=hello+50%off&b=100%25%off", route: "/p?a=hello+50%off&b=100%25%off",
            params: ["a": "hello 50%off", "b": "100%%off"], type: .verified),
        LinkCase(
            input: "hash/time/12:30?x=1", url: "/hash/time/12:30?x=1", route: "/time/12:30?x=1",
            params: ["x": "1"],
            type: .verified),
        LinkCase(input: "exp+myapp://expo-development-client/?url=http%3A%2F%2F10.0.0.1%3A8081"),
    ]

    /// The examples of §2.2–§2.5 and §5.
    static let examples: [LinkCase] = [
        // §2.3: the first segment is the app hash.
        LinkCase(input: "https://h.com/HASH/products/42", route: "/products/42", type: .verified),
        LinkCase(input: "https://h.com/HASH", route: "/"),
        LinkCase(input: "https://h.com/HASH/", route: "/"),
        LinkCase(input: "https://h.com/", route: "/"),
        LinkCase(input: "https://h.com", route: "/"),
        LinkCase(input: "https://h.com//p", route: "/p"),
        LinkCase(input: "https://user:pw@h.com:8443/HASH/x?y=1#z", route: "/x?y=1"),
        LinkCase(input: "HTTPS://H.COM/HASH/Case", route: "/Case", type: .verified),
        LinkCase(input: "hTtP://h.com/HASH/x", route: "/x", type: .verified),
        // §2.4: nothing is stripped from scheme links.
        LinkCase(input: "myapp://product/123?color=red", route: "/product/123?color=red", type: .scheme),
        LinkCase(input: "myapp://home", route: "/home", type: .scheme),
        LinkCase(input: "myapp:///product/1", route: "/product/1", type: .scheme),
        LinkCase(input: "myapp:product/1?x=1", route: "/product/1?x=1", type: .scheme),
        LinkCase(input: "myapp:", route: "/", type: .scheme),
        LinkCase(input: "myapp://", route: "/", type: .scheme),
        LinkCase(input: "myapp://user@product:8080/x", route: "/product:8080/x", type: .scheme),
        LinkCase(input: "myapp://a:b/x", route: "/a:b/x", type: .scheme),
        LinkCase(input: "myapp://p/x?", route: "/p/x", type: .scheme),
        // §2.5: plain paths lose their first segment too.
        LinkCase(input: "checkout/success", url: "/checkout/success", route: "/success", type: .verified),
        LinkCase(
            input: "/h/p?r=https://x.com/y?z=1", route: "/p?r=https://x.com/y?z=1",
            params: ["r": "https://x.com/y?z=1"]),
        LinkCase(input: "/h/p?next=https://x.y", route: "/p?next=https://x.y", type: .verified),
        LinkCase(
            input: "acme.godetour.link/h/x", url: "/acme.godetour.link/h/x", route: "/h/x", type: .verified),
        LinkCase(input: "/h/p#frag?x=1", url: "/h/p#frag?x=1", route: "/p", params: [:]),
        // §2.2: characters that may not appear in a URL are encoded; `%` never is.
        LinkCase(input: "/h/50%off", route: "/50%off"),
        LinkCase(input: "/h/a%2Fb%3F", route: "/a%2Fb%3F"),
        LinkCase(input: "/h/\"<>\\^`{|}", route: "/%22%3C%3E%5C%5E%60%7B%7C%7D"),
        LinkCase(input: "/h/a\u{7F}b\u{1}c", route: "/a%7Fb%01c"),
        LinkCase(input: "/h/😀?e=😀", route: "/%F0%9F%98%80?e=%F0%9F%98%80", params: ["e": "😀"]),
        LinkCase(input: "myapp://hôst/ü", route: "/h%C3%B4st/%C3%BC", type: .scheme),
        LinkCase(input: "/h/p?a=%2B+b", route: "/p?a=%2B+b", params: ["a": "+ b"]),
        LinkCase(
            input: "/h/p?%FF%FE=%E2%82", route: "/p?%FF%FE=%E2%82", params: ["\u{FFFD}\u{FFFD}": "\u{FFFD}"]),
        // §2 steps 1–2: trimming and infrastructure.
        LinkCase(input: " \t\n/h/p\u{0} ", url: "/h/p", route: "/p"),
        LinkCase(input: "\u{00A0}/h/p", url: "/\u{00A0}/h/p", route: "/h/p"),
        LinkCase(input: ""),
        LinkCase(input: " \u{1F}\u{20}"),
        LinkCase(input: "about:blank"),
        LinkCase(input: "about:blank#x", route: "/blank", type: .scheme),
        LinkCase(input: "exp://127.0.0.1:8081/--/x"),
        LinkCase(input: "exps://u.expo.dev/x"),
        LinkCase(input: "EXP://127.0.0.1:8081/--/x", route: "/127.0.0.1:8081/--/x", type: .scheme),
        LinkCase(input: "https://x.com/h/expo-development-client"),
        // §5: an unresolved short link gives `/` plus its query.
        LinkCase(input: "https://acme.godetour.link/AbC?x=1", route: "/?x=1", params: ["x": "1"]),
    ]

    /// The table of §3: runtime and deferred links in each mode.
    static let modeTable: [LinkCase] = {
        let web = "https://acme.godetour.link/h/p"
        let protocolRelative = "//acme.godetour.link/h/p"
        let http = "http://acme.godetour.link/h/p"
        let scheme = "myapp://h/p"
        let mailto = "mailto:a@b.c"
        let plain = "/h/p"
        var cases: [LinkCase] = []
        for mode in LinkProcessingMode.allCases {
            for deferred in [false, true] {
                let type: LinkType? = deferred ? .deferred : nil
                let keepsWeb = mode != .deferredOnly || deferred
                for input in [web, protocolRelative, http] {
                    cases.append(
                        LinkCase(
                            input: input, route: keepsWeb ? "/p" : nil, type: type ?? .verified, mode: mode,
                            deferred: deferred))
                }
                for input in [scheme, mailto] {
                    let route = input == scheme ? "/h/p" : "/a@b.c"
                    cases.append(
                        LinkCase(
                            input: input, route: mode == .all ? route : nil, type: type ?? .scheme,
                            mode: mode,
                            deferred: deferred))
                }
                cases.append(
                    LinkCase(
                        input: plain, route: "/p", type: type ?? .verified, mode: mode, deferred: deferred))
                cases.append(LinkCase(input: "about:blank", mode: mode, deferred: deferred))
                cases.append(LinkCase(input: "exp://x/y", mode: mode, deferred: deferred))
            }
        }
        return cases
    }()

    @Test("§2.6 field table", arguments: fieldTable)
    func fieldTableCase(_ testCase: LinkCase) {
        let problems = testCase.check(DetourLinkPipeline.evaluate(testCase.input))
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test("§2.2–§2.5 examples", arguments: examples)
    func example(_ testCase: LinkCase) {
        let problems = testCase.check(DetourLinkPipeline.evaluate(testCase.input))
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test("§3 mode table", arguments: modeTable)
    func mode(_ testCase: LinkCase) {
        let result = DetourLinkPipeline.evaluate(
            testCase.input, mode: testCase.mode, deferred: testCase.deferred)
        let problems = testCase.check(result)
        #expect(problems.isEmpty, "\(problems)")
        #expect(result.processed)
    }

    @Test("§2.1 textual split keeps everything as written")
    func split() {
        let parts = DetourURLParts("myapp://us@er@host:99/a/b?c=d?e#f?g"[...])
        #expect(parts.scheme == "myapp")
        #expect(parts.authority == "us@er@host:99")
        #expect(parts.host == "host:99")
        #expect(parts.path == "/a/b")
        #expect(parts.query == "c=d?e")
        let opaque = DetourURLParts("mailto:someone@example.com"[...])
        #expect(opaque.authority == nil)
        #expect(opaque.host == nil)
        #expect(opaque.path == "someone@example.com")
        #expect(opaque.query == nil)
        let emptyQuery = DetourURLParts("x://h?"[...])
        #expect(emptyQuery.query == "")
        #expect(emptyQuery.path == "")
    }

    @Test("§2 step 3: URL-like strings and plain paths")
    func classification() {
        let expected: [(String, DetourLinkKind)] = [
            ("https://x", .web), ("HTTP://x", .web), ("//x/y", .web), ("myapp:x", .scheme),
            ("a+b.c-d:x", .scheme),
            ("mailto:x", .scheme), ("/h/p?next=https://x.y", .plainPath), ("h/time/12:30", .plainPath),
            ("acme.godetour.link/h/x", .plainPath), ("1app:x", .plainPath), (":x", .plainPath),
            ("my_app:x", .plainPath), ("/", .plainPath),
        ]
        for (input, kind) in expected {
            #expect(DetourLinkPipeline.classify(input)?.kind == kind, "\(input)")
        }
        #expect(DetourLinkPipeline.classify("//x/y")?.text == "https://x/y")
    }

    @Test("§5 short-link candidates use the still-encoded path")
    func candidates() {
        let candidates = [
            "https://a.b/abc", "https://a.b/abc/", "https://a.b//abc", "https://a.b/abc?x=1",
            "https://a.b/a%2Fb",
            "//a.b/abc",
        ]
        let others = ["https://a.b", "https://a.b/", "https://a.b/a/b", "myapp://abc", "/abc", "myapp:abc"]
        for input in candidates {
            #expect(
                DetourLinkPipeline.classify(input).map(DetourLinkPipeline.isShortLinkCandidate) == true,
                "\(input)")
        }
        for input in others {
            #expect(
                DetourLinkPipeline.classify(input).map(DetourLinkPipeline.isShortLinkCandidate) == false,
                "\(input)")
        }
    }

    @Test("restOfPath")
    func restOfPath() {
        let expected: [(Substring, Substring)] = [
            ("/HASH/products/42", "/products/42"), ("/HASH", "/"), ("/HASH/", "/"), ("/", "/"), ("", "/"),
            ("//p", "/p"),
            ("x", "/"), ("x/y", "/y"),
        ]
        for (path, rest) in expected {
            #expect(DetourLinkPipeline.restOfPath(path) == rest, "\(path)")
        }
    }

    @Test("URLSearchParams decoding of single components")
    func decodeComponent() {
        let expected: [(Substring, String)] = [
            ("a+b", "a b"), ("%41%42", "AB"), ("%4", "%4"), ("%", "%"), ("%zz", "%zz"), ("%c3%a9", "é"),
            ("%C3", "\u{FFFD}"),
            ("100%25%off", "100%%off"), ("%2B", "+"),
        ]
        for (input, output) in expected {
            #expect(DetourSearchParams.decodeComponent(input) == output, "\(input)")
        }
        #expect(DetourSearchParams.decode("&&a=1&&b&=&a=2"[...]) == ["a": "2", "b": "", "": ""])
    }
}
