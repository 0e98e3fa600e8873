import Foundation

/// A link to dispatch: the string the router matches and the URLs the handlers' deep link
/// carries. Adapters make one when the string they match is not the URL the app received.
package struct LinkRequest: Sendable {
    /// The string matched against the routes.
    package let matchURL: String
    /// The link's original URL, the deep link's ``DeepLink/url``.
    package let url: URL
    /// What an adapter adds to the deep links of the request (the matched URL, its own
    /// link); nil for a URL matched as it is. One reference, shared by the request's links.
    package let adaptation: LinkAdaptation?
    /// When true, host routes take no part (adapter links have no host).
    package let pathRoutesOnly: Bool

    /// A request to match `matchURL` and hand handlers a link for `url`.
    package init(
        matchURL: String, url: URL, matched: URL? = nil, attachment: (any Sendable)? = nil,
        pathRoutesOnly: Bool = false
    ) {
        self.matchURL = matchURL
        self.url = url
        adaptation =
            matched == nil && attachment == nil
            ? nil : LinkAdaptation(matchedURL: matched, attachment: attachment)
        self.pathRoutesOnly = pathRoutesOnly
    }

    /// A request for a URL string the app received, matched as written; nil when the string
    /// is not a URL: it holds a control character
    /// (``URLParts/holdsControlCharacter(_:)``), or Foundation cannot make a `URL` of it.
    /// Every face that takes a link as a string reads it through this, so that they agree
    /// on what a URL is, on every platform.
    package init?(text: String) {
        guard !URLParts.holdsControlCharacter(text), let url = URL(string: text) else { return nil }
        self.init(matchURL: text, url: url)
    }

    /// A request for a URL the app received, matched as it is.
    package init(_ url: URL) {
        self.init(matchURL: url.absoluteString, url: url)
    }
}

/// What the delivery gate knows of a link it hands back to dispatch; empty for every link
/// handed to the router. Passed beside the request, borrowed, so an ordinary dispatch pays
/// nothing to carry or drop it.
package struct GatePass: Sendable {
    /// A held link the gate releases: it is not held again on its way.
    var isReleased = false
    /// The conditions the app approved this link for, one at a time: a route of its stack
    /// that requires one of them does not make the link wait again (a stack may require
    /// several, Documentation/spec/routing.md §12).
    var approvals: [LinkCondition] = []
}

/// What an adapter adds to a deep link: the URL it matched, when that is not the link's
/// own, and its own link type. Kept out of ``DeepLink``'s inline storage, so that a link
/// the router matched as it is carries one nil reference for both.
@usableFromInline
package final class LinkAdaptation: Sendable {
    /// The matched URL; nil when it is the link's ``DeepLink/url``.
    let matchedURL: URL?
    /// A value for adapters, kept as it is.
    let attachment: (any Sendable)?

    init(matchedURL: URL?, attachment: (any Sendable)?) {
        self.matchedURL = matchedURL
        self.attachment = attachment
    }
}
