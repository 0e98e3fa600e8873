import Foundation
import TestHTTPServer

/// A server handler by endpoint: analytics answer 200 unless told otherwise, anything not
/// given answers 404.
struct Routes: Sendable {
    var resolveShort: @Sendable (TestHTTPServer.Request) -> TestHTTPServer.Reply = { _ in
        .respond(status: 404)
    }
    var matchLink: @Sendable (TestHTTPServer.Request) -> TestHTTPServer.Reply = { _ in .respond(status: 404) }
    var analytics: @Sendable (TestHTTPServer.Request) -> TestHTTPServer.Reply = { _ in .json(200, "{}") }

    var handler: TestHTTPServer.Handler {
        { request in
            switch request.path {
            case "/api/link/resolve-short": resolveShort(request)
            case "/api/link/match-link": matchLink(request)
            case "/api/analytics/event", "/api/analytics/retention": analytics(request)
            default: .respond(status: 404)
            }
        }
    }

    /// Routes where match-link answers `link` (a JSON string literal or `null`).
    static func matching(_ link: String) -> Routes {
        var routes = Routes()
        routes.matchLink = { _ in .json(200, #"{"link":\#(link)}"#) }
        return routes
    }
}
