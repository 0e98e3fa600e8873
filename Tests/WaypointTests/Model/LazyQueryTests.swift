import Foundation
import Testing

@testable import Waypoint

/// The query of a deep link is parsed when it is first read, once (Documentation/spec/routing.md §6).
@Suite("Deep link query, parsed when read")
struct LazyQueryTests {
    private typealias Support = ModelTestSupport

    private static let jsonURL =
        "dpl://x/p?a=1&data=%5B1%2C2%5D&a=2&dpl%3Ajson-encoded-fields=%5B%22data%22%5D&b"
    private static let expectedItems = [
        DeepLinkQueryItem(name: "a", value: "1"), DeepLinkQueryItem(name: "data", value: "[1,2]"),
        DeepLinkQueryItem(name: "a", value: "2"),
        DeepLinkQueryItem(name: "dpl:json-encoded-fields", value: #"["data"]"#),
        DeepLinkQueryItem(name: "b", value: ""),
    ]
    private static let expectedParameters: [String: JSONValue] = [
        "a": "2", "data": [1, 2], "dpl:json-encoded-fields": #"["data"]"#, "b": "",
    ]

    @Test("the query is parsed on the first read, once for the link and its copies")
    func parsedOnceWhenRead() throws {
        let link = try Support.link(Self.jsonURL)
        let query = try #require(link.query)
        #expect(query.text == "a=1&data=%5B1%2C2%5D&a=2&dpl%3Ajson-encoded-fields=%5B%22data%22%5D&b")
        #expect(query.parses == 0, "making the link parses nothing")
        #expect(link.queryItems == Self.expectedItems)
        #expect(query.parses == 1)
        #expect(link.queryParameters == Self.expectedParameters)
        #expect(link["data"] == [1, 2])
        let copy = link
        #expect(copy.queryItems == Self.expectedItems)
        #expect(query.parses == 1, "every later read, the copy's too, uses the first parse")
    }

    @Test(
        "a link without a query keeps none and reads as empty",
        arguments: ["dpl://x/p", "dpl://x/p?", "dpl://x/p#a=1", "dpl://x/p#?a=1"])
    func noQuery(_ string: String) throws {
        let link = try #require(DeepLink(url: try Support.url(string)))
        #expect(link.query == nil)
        #expect(link.queryItems.isEmpty)
        #expect(link.queryParameters.isEmpty)
        #expect(link["a"] == nil)
    }

    @Test("a query read from many threads at once is parsed once and reads the same everywhere")
    func concurrentReads() throws {
        let link = try Support.link(Self.jsonURL)
        let seen = Locked<[([DeepLinkQueryItem], [String: JSONValue])]>([])
        DispatchQueue.concurrentPerform(iterations: 32) { index in
            // Half the threads start with each view, so both race to parse first.
            let read =
                index.isMultiple(of: 2)
                ? (link.queryItems, link.queryParameters)
                : {
                    let parameters = link.queryParameters; return (link.queryItems, parameters)
                }()
            seen.withLock { $0.append(read) }
        }
        let reads = seen.withLock { $0 }
        #expect(reads.count == 32)
        for (items, parameters) in reads {
            #expect(items == Self.expectedItems)
            #expect(parameters == Self.expectedParameters)
        }
        #expect(link.query?.parses == 1)
    }

    /// Declines every link after reading its query.
    private struct ReadingDecliner: DeepLinkHandler {
        func handle(_ deepLink: DeepLink) -> DeepLinkHandling {
            _ = deepLink.queryParameters
            return .declined
        }
    }

    @Test("dispatch parses nothing for a handler that does not read the query")
    func dispatchDoesNotParse() throws {
        let router = Router()
        try router.register("/p") { _ in }
        let result = router.handle(try Support.url("dpl://x/p?a=1&b=2"))
        #expect(result.isHandled)
        let query = try #require(result.deepLink?.query)
        #expect(query.parses == 0)
        #expect(result.deepLink?.queryParameters == ["a": "1", "b": "2"])
        #expect(query.parses == 1)
    }

    @Test("the links one dispatch makes share one parse of the query")
    func dispatchSharesTheParse() throws {
        let router = Router()
        try router.register("/p", handler: ReadingDecliner())
        let read = Locked<[String: JSONValue]>([:])
        try router.register("/:name") { link in read.withLock { $0 = link.queryParameters } }
        let result = router.handle(try Support.url("dpl://x/p?a=1&b=2"))
        #expect(result.isHandled && result.route == "/:name")
        #expect(read.withLock { $0 } == ["a": "1", "b": "2"])
        #expect(result.deepLink?.query?.parses == 1, "the second handler's link reused the first parse")
    }
}
