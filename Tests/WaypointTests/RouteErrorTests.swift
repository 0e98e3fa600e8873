import Testing

@testable import Waypoint

/// Documentation/spec/routing.md §3: registration rejects bad routes with a typed error naming the route,
/// the column and the problem, and registers nothing.
@Suite("Route errors (Documentation/spec/routing.md §3)")
struct RouteErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let route: String
        var options = RouterOptions()
        let kind: RouteError.Kind
        let column: Int
        let message: String
        var testDescription: String { RouteError.quoted(route) }
    }

    static let cases: [Case] = [
        Case(
            route: #"/a/\Qx.y"#, kind: .invalidRegex, column: 4,
            message:
                #"invalid regex in route "/a/\\Qx.y" at column 4: \Q is never ended by \E (write \E where the quoted text ends)"#
        ),
        Case(
            route: #"/a/[\Qx]"#, kind: .invalidRegex, column: 5,
            message:
                #"invalid regex in route "/a/[\\Qx]" at column 5: \Q is never ended by \E (write \E where the quoted text ends)"#
        ),
        Case(
            route: "", kind: .emptyRoute, column: 1,
            message: #"empty route "" at column 1: the route is empty"#),
        Case(
            route: "myapp://", kind: .emptyRoute, column: 9,
            message: #"empty route "myapp://" at column 9: nothing follows the scheme"#),
        Case(
            route: "/items/(abc", kind: .unbalancedBracket, column: 8,
            message: #"unbalanced bracket in route "/items/(abc" at column 8: "(" is never closed"#),
        Case(
            route: "/items/[abc", kind: .unbalancedBracket, column: 8,
            message: #"unbalanced bracket in route "/items/[abc" at column 8: "[" is never closed"#),
        Case(
            route: "/a/b)", kind: .unbalancedBracket, column: 5,
            message: #"unbalanced bracket in route "/a/b)" at column 5: ")" has no opening partner"#),
        Case(
            route: "/a]", kind: .unbalancedBracket, column: 3,
            message: #"unbalanced bracket in route "/a]" at column 3: "]" has no opening partner"#),
        // `[:b]c:]` is no POSIX class: PCRE2 ends the class at the first `]`, so the `]`
        // after `c:` is stray (the route once registered, and matched `ac:]]`).
        Case(
            route: "/x/[a[:b]c:]]", kind: .unbalancedBracket, column: 12,
            message: #"unbalanced bracket in route "/x/[a[:b]c:]]" at column 12: "]" has no opening partner"#),
        Case(
            route: "/é/(x", kind: .unbalancedBracket, column: 4,
            message: #"unbalanced bracket in route "/é/(x" at column 4: "(" is never closed"#),
        Case(
            route: "/x/:id([0-9]+", kind: .unbalancedBracket, column: 7,
            message: #"unbalanced bracket in route "/x/:id([0-9]+" at column 7: "(" is never closed"#),
        Case(
            route: "/x/:n([0-9]{3,1})", kind: .invalidRegex, column: 16,
            message:
                #"invalid regex in route "/x/:n([0-9]{3,1})" at column 16: numbers out of order in {} quantifier"#
        ),
        Case(
            route: "/x/a**", kind: .invalidRegex, column: 6,
            message:
                #"invalid regex in route "/x/a**" at column 6: quantifier does not follow a repeatable item"#),
        Case(
            route: "/x/(?<n>a)(?<n>b)", kind: .invalidRegex, column: 16,
            message:
                #"invalid regex in route "/x/(?<n>a)(?<n>b)" at column 16: two named subpatterns have the same name (PCRE2_DUPNAMES not set)"#
        ),
        Case(
            route: "/x/abc\\", kind: .invalidRegex, column: 7,
            message: #"invalid regex in route "/x/abc\\" at column 7: \ at end of pattern"#),
        Case(
            route: "/x/:id/:id", kind: .duplicateParameter, column: 8,
            message:
                #"duplicate parameter in route "/x/:id/:id" at column 8: ":id" is already used at column 4"#),
        Case(
            route: "/p/(:id([0-9]+)|:id([a-z]+))", kind: .duplicateParameter, column: 17,
            message:
                #"duplicate parameter in route "/p/(:id([0-9]+)|:id([a-z]+))" at column 17: ":id" is already used at column 5"#
        ),
        Case(
            route: "/docs/**/edit", kind: .misplacedGlob, column: 7,
            message: #"misplaced glob in route "/docs/**/edit" at column 7: "**" must be the last segment"#),
        Case(
            route: "/docs/**/", options: RouterOptions(strictTrailingSlash: true), kind: .misplacedGlob,
            column: 7,
            message: #"misplaced glob in route "/docs/**/" at column 7: "**" must be the last segment"#),
        Case(
            route: "/a/:code?/b", kind: .misplacedOptional, column: 4,
            message:
                #"misplaced optional in route "/a/:code?/b" at column 4: ":code?" must be the last segment"#),
        Case(
            route: "/a\n(", kind: .unbalancedBracket, column: 4,
            message: #"unbalanced bracket in route "/a\n(" at column 4: "(" is never closed"#),
    ]

    @Test("is rejected with its kind, column and message", arguments: cases)
    func rejected(_ example: Case) throws {
        let router = Router(options: example.options)
        try router.register("/before") { _ in }
        let error = #expect(throws: RouteError.self) {
            try router.register(RouteName(example.route)) { _ in }
        }
        #expect(error?.kind == example.kind)
        #expect(error?.column == example.column)
        #expect(error?.route == example.route)
        #expect(error?.description == example.message)
        #expect(router.routes == ["/before"], "nothing is registered")
    }

    @Test("a trailing slash after ** or :name? is fine when trailing slashes are ignored")
    func trailingSlashAfterGlob() throws {
        let router = Router()
        try router.register("/docs/**/") { _ in }
        try router.register("/account/:code?/") { _ in }
        #expect(router.match("s://h/docs/a/")?.routeParameters == ["**": "a"])
        #expect(router.match("s://h/account/9")?.routeParameters == ["code": "9"])
    }

    @Test("a batch with one bad route registers none of them")
    func batch() {
        let router = Router()
        #expect(throws: RouteError.self) {
            try router.register([
                ("/a", .closure { _ in }), ("/b(", .closure { _ in }), ("/c", .closure { _ in }),
            ])
        }
        #expect(router.routes.isEmpty)
    }

    @Test("the subscript cannot throw, so it records the error and registers nothing")
    func subscriptRecordsErrors() {
        let router = Router()
        router["/ok/:x"] = .closure { _ in }
        router["/bad/("] = .closure { _ in }
        #expect(router.routes == ["/ok/:x"])
        #expect(router.registrationErrors.map(\.kind) == [.unbalancedBracket])
        #expect(router.droppedRegistrationErrorCount == 0)
        #expect(router["/bad/("] == nil)
    }

    @Test(
        "registrationErrors keeps the latest registrationErrorLimit errors and counts the rest",
        arguments: [1, Router.registrationErrorLimit, Router.registrationErrorLimit + 1, 10_000])
    func registrationErrorsAreBounded(failures: Int) {
        let router = Router()
        for index in 0..<failures {
            router["/bad/\(index)/("] = .closure { _ in }
            // Successful assignments in between neither keep nor drop an error.
            if index.isMultiple(of: 1000) { router["/ok/\(index)"] = .closure { _ in } }
        }
        let kept = min(failures, Router.registrationErrorLimit)
        #expect(router.registrationErrors.map(\.route) == (failures - kept..<failures).map { "/bad/\($0)/(" })
        #expect(router.registrationErrors.allSatisfy { $0.kind == .unbalancedBracket })
        #expect(router.droppedRegistrationErrorCount == failures - kept)
        #expect(router.routes.count == (failures + 999) / 1000)
    }
}
