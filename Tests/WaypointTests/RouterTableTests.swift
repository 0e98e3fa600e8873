import Foundation
import Testing
import WaypointTables

@testable import Waypoint

/// Every case of the router tables taken from DeepLinkKit's test suite, run through the
/// public API: registration (including the routes that must be rejected), matching, the
/// deep link's query values, and dispatch to the winning route's handler.
@Suite("DeepLinkKit router table")
struct RouterTableTests {
    static let cases = Fixtures.routerCases("deeplinkkit.json")
    /// Our own cases: the reported repros (host forms, encoded slashes, case folding).
    static let checks = Fixtures.routerCases("routing-checks.json")

    @Test("the fixture holds every case")
    func count() {
        #expect(Self.cases.count == 98)
        #expect(Self.checks.count == 23)
    }

    @Test("case passes", arguments: cases + checks)
    func run(_ example: Fixtures.RouterCase) throws {
        let router = Router(options: example.options)
        let handled = Locked<[String]>([])
        for (route, expectError) in example.routes {
            if let expectError {
                #expect {
                    try router.register(RouteName(route)) { _ in }
                } throws: { error in
                    (error as? RouteError)?.kind.rawValue == expectError
                }
                #expect(!router.routes.contains(route), "a rejected route must not be registered")
            } else {
                try router.register(RouteName(route)) { _ in handled.withLock { $0.append(route) } }
            }
        }
        let actual = router.tableRecord(example.input)
        let mismatches = TableExpectation.mismatches(expected: example.expect, actual: actual)
        #expect(mismatches.isEmpty, "input \(example.input.prefix(120)): \(mismatches)")

        // Dispatch reaches the same route the match named.
        let result = router.handle(example.input)
        #expect(result.isHandled == (actual["matched"] == true))
        if let route = actual["route"]?.stringValue {
            #expect(handled.withLock { $0 } == [route])
            #expect(result.route == route)
        }
    }
}
