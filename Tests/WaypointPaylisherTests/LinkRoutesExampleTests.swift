import Foundation
import Testing
import Waypoint
import WaypointPaylisher

@testable import PaylisherExampleApp

/// The README's routing example: both forms of a link reach the same route.
@Suite("Example: routing Paylisher links")
struct LinkRoutesExampleTests {
    @Test(
        "custom-scheme and web links reach the same handler",
        arguments: [
            ("yourapp://products/42/reviews", "reviews of 42"),
            ("https://link.paylisher.com/products/42/reviews", "reviews of 42"),
            ("https://link.paylisher.com/products/9?utm_source=qr", "product 9"),
            ("yourapp://wallet/history", "home (destination wallet)"),
        ])
    func routes(_ url: String, _ expected: String) throws {
        let opened = Locked<[String]>([])
        let routes = try makeLinkRoutes { screen in opened.withLock { $0.append(screen) } }
        routes.handle(try PaylisherDeepLink(url: URL(string: url)!))
        #expect(opened.withLock { $0 } == [expected])
    }
}
