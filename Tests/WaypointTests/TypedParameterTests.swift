import Foundation
import Testing
import Waypoint

/// `get(_:as:)` and `require(_:as:)` over route and query parameters.
@Suite("Typed parameters")
struct TypedParameterTests {
    enum Tab: String { case overview, reviews }
    enum Level: Int { case low = 1, high = 2 }

    /// A type both `RawRepresentable` and `LosslessStringConvertible`: its text form wins.
    struct Code: RawRepresentable, LosslessStringConvertible, Equatable {
        var rawValue: String
        init(rawValue: String) { self.rawValue = rawValue }
        init?(_ description: String) {
            guard description.hasPrefix("#") else { return nil }
            rawValue = String(description.dropFirst())
        }
        var description: String { "#" + rawValue }
    }

    static let parameters: RouteParameters = [
        "id": "42", "price": "9.5", "flag": "true", "tab": "reviews", "level": "2",
        "uuid": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "url": "https://example.com/a?b=c",
        "word": "abc", "big": "99999999999999999999", "code": "#x1", "empty": "",
    ]

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var read: @Sendable (RouteParameters) -> String?
        var expected: String?
        var testDescription: String { name }
    }

    /// Each conversion, with the value read back as text, or nil.
    static let cases: [Case] = [
        Case(name: "Int", read: { $0.get("id", as: Int.self).map { "\($0)" } }, expected: "42"),
        Case(name: "Int from text", read: { $0.get("word", as: Int.self).map { "\($0)" } }, expected: nil),
        Case(name: "Int overflow", read: { $0.get("big", as: Int.self).map { "\($0)" } }, expected: nil),
        Case(name: "UInt8", read: { $0.get("id", as: UInt8.self).map { "\($0)" } }, expected: "42"),
        Case(name: "UInt8 overflow", read: { $0.get("big", as: UInt8.self).map { "\($0)" } }, expected: nil),
        Case(name: "Double", read: { $0.get("price", as: Double.self).map { "\($0)" } }, expected: "9.5"),
        Case(name: "Bool", read: { $0.get("flag", as: Bool.self).map { "\($0)" } }, expected: "true"),
        Case(name: "Bool from 42", read: { $0.get("id", as: Bool.self).map { "\($0)" } }, expected: nil),
        Case(name: "String", read: { $0.get("word", as: String.self) }, expected: "abc"),
        Case(name: "empty String", read: { $0.get("empty", as: String.self) }, expected: ""),
        Case(name: "empty Int", read: { $0.get("empty", as: Int.self).map { "\($0)" } }, expected: nil),
        Case(name: "absent", read: { $0.get("nope", as: String.self) }, expected: nil),
        Case(name: "String enum", read: { $0.get("tab", as: Tab.self)?.rawValue }, expected: "reviews"),
        Case(name: "String enum, no case", read: { $0.get("word", as: Tab.self)?.rawValue }, expected: nil),
        Case(name: "Int enum", read: { $0.get("level", as: Level.self).map { "\($0)" } }, expected: "high"),
        Case(
            name: "Int enum, no case", read: { $0.get("id", as: Level.self).map { "\($0)" } }, expected: nil),
        Case(name: "both: text form", read: { $0.get("code", as: Code.self)?.rawValue }, expected: "x1"),
        Case(name: "both: not its text", read: { $0.get("word", as: Code.self)?.rawValue }, expected: nil),
        Case(
            name: "UUID", read: { $0.get("uuid", as: UUID.self)?.uuidString },
            expected: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"),
        Case(name: "UUID malformed", read: { $0.get("word", as: UUID.self)?.uuidString }, expected: nil),
        Case(
            name: "URL", read: { $0.get("url", as: URL.self)?.absoluteString },
            expected: "https://example.com/a?b=c"),
        Case(name: "URL empty", read: { $0.get("empty", as: URL.self)?.absoluteString }, expected: nil),
    ]

    @Test("get(_:as:) converts or gives nil", arguments: cases)
    func get(_ testCase: Case) {
        #expect(testCase.read(Self.parameters) == testCase.expected)
    }

    struct ErrorCase: CustomTestStringConvertible, Sendable {
        var name: String
        var read: @Sendable (RouteParameters) throws -> Void
        var error: ParameterError
        var message: String
        var testDescription: String { name }
    }

    static let errorCases: [ErrorCase] = [
        ErrorCase(
            name: "missing Int", read: { _ = try $0.require("nope", as: Int.self) },
            error: .missing(name: "nope", type: "Int"), message: #"missing parameter "nope" (expected Int)"#),
        ErrorCase(
            name: "invalid Int", read: { _ = try $0.require("word", as: Int.self) },
            error: .invalid(name: "word", value: "abc", type: "Int"),
            message: #"parameter "word" is "abc", which is not a valid Int"#),
        ErrorCase(
            name: "invalid enum", read: { _ = try $0.require("word", as: Tab.self) },
            error: .invalid(name: "word", value: "abc", type: "Tab"),
            message: #"parameter "word" is "abc", which is not a valid Tab"#),
        ErrorCase(
            name: "invalid UUID", read: { _ = try $0.require("id", as: UUID.self) },
            error: .invalid(name: "id", value: "42", type: "UUID"),
            message: #"parameter "id" is "42", which is not a valid UUID"#),
        ErrorCase(
            name: "missing URL", read: { _ = try $0.require("nope", as: URL.self) },
            error: .missing(name: "nope", type: "URL"), message: #"missing parameter "nope" (expected URL)"#),
        ErrorCase(
            name: "invalid both", read: { _ = try $0.require("word", as: Code.self) },
            error: .invalid(name: "word", value: "abc", type: "Code"),
            message: #"parameter "word" is "abc", which is not a valid Code"#),
    ]

    @Test("require(_:as:) names the parameter, its text and the type", arguments: errorCases)
    func require(_ testCase: ErrorCase) {
        #expect(throws: testCase.error) { try testCase.read(Self.parameters) }
        #expect(testCase.error.description == testCase.message)
    }

    @Test("require(_:as:) returns what get(_:as:) does when the value converts")
    func requireValues() throws {
        let parameters = Self.parameters
        #expect(try parameters.require("id", as: Int.self) == 42)
        #expect(try parameters.require("tab", as: Tab.self) == .reviews)
        #expect(
            try parameters.require("uuid", as: UUID.self).uuidString == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
        )
        #expect(try parameters.require("url", as: URL.self).host == "example.com")
        #expect(try parameters.require("code", as: Code.self) == Code(rawValue: "x1"))
        // The type can come from the context.
        let id: Int = try parameters.require("id")
        let tab: Tab? = parameters.get("tab")
        #expect(id == 42 && tab == .reviews)
    }

    @Test("a link's parameters: the route parameter wins, else the query's last value")
    func combinedView() throws {
        let link = try #require(
            try Router.linkForTesting(
                route: "/products/:id",
                url: "s://h/products/42?id=7&page=3&page=4&ids=%5B1%2C2%5D"
                    + "&dpl:json-encoded-fields=%5B%22ids%22%5D&q=a+b%20c"))
        #expect(link.parameters["id"] == "42", "route parameter wins, as link[\"id\"] does")
        #expect(link["id"] == "42")
        #expect(link.parameters.get("page", as: Int.self) == 4, "the last value")
        #expect(link.parameters["ids"] == "[1,2]", "a JSON field reads as its JSON text")
        #expect(link.queryParameters["ids"] == [1, 2])
        #expect(link.parameters["q"] == "a+b c", "decoded by the core's rules: + stays +")
        #expect(link.parameters["nope"] == nil)
        #expect(throws: ParameterError.invalid(name: "q", value: "a+b c", type: "Int")) {
            try link.parameters.require("q", as: Int.self)
        }
        #expect(try link.parameters.require("id", as: Int.self) == 42)
        // One parameter type for links and matches, and the router's URL under its own name.
        let captured: RouteParameters = link.routeParameters
        #expect(captured == ["id": "42"])
        #expect(link.matchedURL == link.url, "a URL handed to the router is the URL it matched")
    }
}

extension Router {
    /// The deep link a router with the single route `route` hands its handler for `url`.
    static func linkForTesting(route: String, url: String) throws -> DeepLink? {
        let router = Router()
        try router.register(RouteName(route)) { _ in }
        return router.handle(url).deepLink
    }
}
