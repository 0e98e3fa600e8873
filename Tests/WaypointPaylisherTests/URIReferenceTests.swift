import Testing
import Waypoint

@testable import WaypointPaylisher

/// The RFC 3986 Appendix B split the parser is built on.
@Suite("URI reference split")
struct URIReferenceTests {
    struct SplitCase: CustomTestStringConvertible, Sendable {
        var text: String
        var scheme: String?
        var authority: String?
        var path: String
        var query: String?
        var fragment: String?
        var host: String
        var validScheme: Bool
        var testDescription: String { text }
    }

    static let cases: [SplitCase] = [
        .init(
            text: "https://u:p@Host:8080/a/b?q=1#f", scheme: "https", authority: "u:p@Host:8080",
            path: "/a/b", query: "q=1", fragment: "f", host: "Host", validScheme: true),
        .init(
            text: "yourapp:products", scheme: "yourapp", authority: nil, path: "products", query: nil,
            fragment: nil, host: "", validScheme: true),
        .init(
            text: "products/42", scheme: nil, authority: nil, path: "products/42", query: nil, fragment: nil,
            host: "", validScheme: false),
        .init(
            text: "//h/p", scheme: nil, authority: "h", path: "/p", query: nil, fragment: nil, host: "h",
            validScheme: false),
        .init(
            text: "1app://h", scheme: "1app", authority: "h", path: "", query: nil, fragment: nil, host: "h",
            validScheme: false),
        .init(
            text: "a_b://h", scheme: "a_b", authority: "h", path: "", query: nil, fragment: nil, host: "h",
            validScheme: false),
        .init(
            text: ":x", scheme: nil, authority: nil, path: ":x", query: nil, fragment: nil, host: "",
            validScheme: false),
        .init(
            text: "x://[::1]:80/p", scheme: "x", authority: "[::1]:80", path: "/p", query: nil, fragment: nil,
            host: "[::1]", validScheme: true),
        .init(
            text: "x://a@b@c:1", scheme: "x", authority: "a@b@c:1", path: "", query: nil, fragment: nil,
            host: "c", validScheme: true),
        .init(
            text: "x://h?a?b#c#d", scheme: "x", authority: "h", path: "", query: "a?b", fragment: "c#d",
            host: "h", validScheme: true),
        .init(
            text: "x://h#f?q", scheme: "x", authority: "h", path: "", query: nil, fragment: "f?q", host: "h",
            validScheme: true),
        .init(
            text: "x://", scheme: "x", authority: "", path: "", query: nil, fragment: nil, host: "",
            validScheme: true),
        .init(
            text: "x:?", scheme: "x", authority: nil, path: "", query: "", fragment: nil, host: "",
            validScheme: true),
        .init(
            text: "", scheme: nil, authority: nil, path: "", query: nil, fragment: nil, host: "",
            validScheme: false),
    ]

    @Test("split per Appendix B", arguments: cases)
    func split(_ testCase: SplitCase) {
        let reference = PaylisherURIReference(testCase.text)
        #expect(reference.scheme.map(String.init) == testCase.scheme)
        #expect(reference.authority.map(String.init) == testCase.authority)
        #expect(String(reference.path) == testCase.path)
        #expect(reference.query.map(String.init) == testCase.query)
        #expect(reference.fragment.map(String.init) == testCase.fragment)
        #expect(String(reference.host) == testCase.host)
        #expect(reference.hasValidScheme == testCase.validScheme)
    }
}
