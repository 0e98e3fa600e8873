import Foundation
import Testing
import Waypoint
import WaypointNavigation

@testable import WaypointDetour

// The Detour guide's snippets (`WaypointDetour.docc/UsingWaypointWithDetour.md`, linked
// from the README), copied verbatim into functions, so they compile and run. This is the
// only test that uses the shared instances (`Detour.shared`, `DetourAnalytics`,
// `DetourEnvironment.current`).

/// The screens the snippets opened, in order.
@MainActor private var openedScreens: [String] = []
@MainActor private var screenWaiters: [CheckedContinuation<Void, Never>] = []

/// The app's navigation, as the snippets call it.
@MainActor private func openScreen(_ route: String, type: LinkType) {
    openedScreens.append("\(type.rawValue) \(route)")
    for waiter in screenWaiters {
        waiter.resume()
    }
    screenWaiters = []
}

@MainActor private func waitForScreens(_ count: Int) async {
    while openedScreens.count < count {
        await withCheckedContinuation { screenWaiters.append($0) }
    }
}

// README snippet begins
func routeDetourLinks(_ router: Router) throws {
    try router.register("/products/:id") { link in
        let arrival = link.detourLink?.type.rawValue ?? "direct"
        print("product", link.routeParameters["id"] ?? "", "via", arrival)
    }
}
// README snippet ends

private func environmentSnippet(appDataDirectory: URL) {
    // README snippet begins
    var environment = DetourEnvironment(dataDirectory: appDataDirectory.appendingPathComponent("detour"))
    environment.timeouts = DetourTimeouts(shortLink: 2, matchLink: 5, analytics: 15)
    environment.analyticsQueueCapacity = 500
    DetourEnvironment.current = environment
    // README snippet ends
}

@MainActor private func launchSnippet(launchURL: URL?) -> DetourConfig {
    // README snippet begins
    let config = DetourConfig(
        apiKey: "YOUR_API_KEY",
        appID: "YOUR_APP_ID",
        shouldUseClipboard: true,
        linkProcessingMode: .all
    )
    let launch = DetourLaunchContext(launchURL: launchURL)
    Detour.shared.resolveInitialLink(config: config, launchContext: launch) { result in
        if let link = result.link {
            openScreen(link.route, type: link.type)
        }
    }
    // README snippet ends
    return config
}

@MainActor private func processLinkSnippet(incomingURL: URL, config: DetourConfig) async {
    // README snippet begins
    let result = await Detour.shared.processLink(incomingURL, config: config)
    if let route = result.route, let type = result.linkType {
        openScreen(route, type: type)
    }
    // README snippet ends
}

private func analyticsSnippet() async -> (waiting: Int, discarded: Int) {
    // README snippet begins
    DetourAnalytics.logEvent(.purchase, data: ["value": 9.99, "currency": "PLN"])
    DetourAnalytics.logEvent("level_up", data: ["level": 7])
    DetourAnalytics.logRetention("day_1")

    let stats = await DetourAnalytics.flush()
    let waiting = stats.pending
    // When the user withdraws consent:
    let discarded = DetourAnalytics.discardPendingEvents()
    // README snippet ends
    return (waiting, discarded)
}

@Suite("README: Using Waypoint with Detour")
struct ReadmeSnippetTests {
    @Test("the README's Detour snippets compile and behave as described")
    @MainActor
    func readme() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let logs = LogCapture()
        let transport = RecordingTransport()

        environmentSnippet(appDataDirectory: directory.url)
        #expect(DetourEnvironment.current.dataDirectory == directory.url.appendingPathComponent("detour"))
        #expect(
            DetourEnvironment.current.timeouts == DetourTimeouts(shortLink: 2, matchLink: 5, analytics: 15))
        #expect(DetourEnvironment.current.analyticsQueueCapacity == 500)
        // No network in tests: the transport answers locally.
        DetourEnvironment.current.transport = transport
        DetourEnvironment.current.logger = logs.logger
        DetourEnvironment.current.device = FixedDevice()

        let config = launchSnippet(
            launchURL: URL(string: "https://acme.godetour.link/AbC/products/42?color=red"))
        await waitForScreens(1)
        #expect(openedScreens == ["verified /products/42?color=red"])

        await processLinkSnippet(incomingURL: try #require(URL(string: "myapp://products/7")), config: config)
        #expect(openedScreens.last == "scheme /products/7")

        let (waiting, discarded) = await analyticsSnippet()
        #expect(waiting == 0)
        #expect(discarded == 0)
        let events = transport.requests.filter { $0.url.path == "/api/analytics/event" }
        let names = events.compactMap {
            (try? JSONSerialization.jsonObject(with: $0.body) as? [String: Any])?["event_name"] as? String
        }
        #expect(names == ["purchase", "level_up"])
        let retention = transport.requests.filter { $0.url.path == "/api/analytics/retention" }
        #expect(retention.count == 2)
        #expect(transport.requests.allSatisfy { $0.url.host == "godetour.dev" })
        #expect(transport.requests.allSatisfy { $0.headers["Authorization"] == "Bearer YOUR_API_KEY" })
        #expect(DetourAnalytics.deliveryStats().delivered == 4)

        DetourAnalytics.unmount()
        await DetourAnalyticsController.shared.close()
    }
}

// The DocC article's Detour destinations snippet, verbatim.
enum DetourScreen: Equatable, Sendable {
    case product(Int), home
}

func detourScreens() throws -> DestinationRouter<DetourScreen> {
    let screens = DestinationRouter<DetourScreen>()
    try screens.register("/products/:id") { link in
        .product(try link.parameters.require("id", as: Int.self))
    }
    try screens.register("/**") { _ in .home }
    return screens
}

@Suite("DocC: Detour links to destinations")
struct DetourScreensSnippetTests {
    @Test("both forms of a link give the same destination")
    func bothForms() async throws {
        let screens = try detourScreens()
        for input in ["https://acme.godetour.link/AbC/products/42", "myapp://products/42"] {
            let link = try #require(await Detour.shared.processLink(input).link)
            #expect(screens.destination(for: link) == .product(42), "\(input)")
        }
    }
}
