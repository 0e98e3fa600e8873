import Foundation

/// What `resolveInitialLink` decided synchronously, before its first suspension point.
enum DetourInitialLinkPlan: Sendable, Hashable {
    /// Give the empty result.
    case empty
    /// Process the launch URL's text (`processLink(_:config:)` with a string).
    case launchURL(String)
    /// Process a universal link (`processLink(_:config:)` with a URL, which logs
    /// `opened_via_universal_link`).
    case universalLink(URL)
    /// Send match-link and process its answer as a deferred link.
    case deferred
}
