import Foundation
import TestHTTPServer
import Testing
import Waypoint
import WaypointPaylisher

@testable import PaylisherExampleApp

/// The app-side pattern of spec §9, as shipped in `Examples/PaylisherApp`.
@Suite("Example app")
@MainActor
struct ExampleAppTests {
    struct TargetCase: CustomTestStringConvertible, Sendable {
        var input: String
        var tab: AppTab
        var path: [ProductRoute] = []
        var testDescription: String { input }
    }

    nonisolated static let targetCases: [TargetCase] = [
        .init(input: "yourapp://products/42/reviews", tab: .products, path: [.detail("42"), .reviews("42")]),
        .init(
            input: "https://link.paylisher.com/products/42/reviews", tab: .products,
            path: [.detail("42"), .reviews("42")]),
        .init(input: "yourapp://Product/9/REVIEWS", tab: .products, path: [.detail("9"), .reviews("9")]),
        .init(input: "yourapp://products?id=7", tab: .products, path: [.detail("7")]),
        .init(input: "yourapp://products/42?id=7", tab: .products, path: [.detail("42")]),
        .init(input: "yourapp://products", tab: .products),
        .init(input: "yourapp://wallet/history", tab: .wallet),
        .init(input: "https://example.com/profile", tab: .profile),
        .init(input: "yourapp://home", tab: .home),
        .init(input: "yourapp://settings", tab: .home),
    ]

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)  // the app uses Observation
    @Test("parseTarget (§9 table)", arguments: targetCases)
    func parseTarget(_ testCase: TargetCase) throws {
        let link = try PaylisherDeepLink(url: #require(URL(string: testCase.input)))
        #expect(DeepLinkRouter.parseTarget(link) == NavTarget(tab: testCase.tab, productsPath: testCase.path))
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    static func makeApp() -> AppDeepLinks {
        AppDeepLinks(
            manager: PaylisherDeepLinkManager(
                transport: ManagerHarness.failingTransport, sessionID: { "s" }, clock: TestClock()))
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)  // the app uses Observation
    @Test("cold start: a link handled before the UI exists lands once it is wired")
    func coldStart() {
        let app = Self.makeApp()
        app.open(URL(string: "yourapp://products/42/reviews")!)
        #expect(app.router.selectedTab == .home)
        #expect(app.router.productsPath.isEmpty)
        app.connect()
        #expect(app.router.selectedTab == .products)
        #expect(app.router.productsPath == [.detail("42"), .reviews("42")])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)  // the app uses Observation
    @Test("auth gate: a gated link waits for login, then navigates")
    func authGate() {
        let app = Self.makeApp()
        app.connect()
        app.open(URL(string: "yourapp://wallet?auth=required")!)
        #expect(app.router.selectedTab == .home)
        #expect(app.manager.hasPendingDeepLink)
        #expect(app.session.afterLogin != nil)
        app.session.didLogIn()
        #expect(app.router.selectedTab == .wallet)
        #expect(!app.manager.hasPendingDeepLink)
        #expect(app.session.afterLogin == nil)
        // Logged in now: the next gated link is approved at once.
        app.open(URL(string: "yourapp://profile?auth=required")!)
        #expect(app.router.selectedTab == .profile)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)  // the app uses Observation
    @Test("the app's configuration gates wallet links and knows its short-link host")
    func appConfiguration() throws {
        let manager = AppDeepLinks.makeManager()
        #expect(manager.config.authRequiredDestinations == ["wallet"])
        let link = try PaylisherDeepLink(
            url: #require(URL(string: "https://go.example.com/Zq9")), config: manager.config)
        #expect(link.isShortLink)
        #expect(
            manager.config.resolveRequestURL(for: link)?.absoluteString
                == "https://go.example.com/resolve/Zq9")
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)  // the app uses Observation
    @Test("a cancelled login drops the link")
    func cancelledLogin() {
        let app = Self.makeApp()
        app.connect()
        app.open(URL(string: "yourapp://products/1?auth=required")!)
        app.session.didCancelLogin()
        #expect(!app.manager.hasPendingDeepLink)
        app.session.didLogIn()
        #expect(app.router.selectedTab == .home)
    }
}
