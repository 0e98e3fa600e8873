import Foundation
import Waypoint

/// How a ``PaylisherDeepLinkManager`` parses, resolves, gates and reports links (spec §1.3).
///
/// Every setting has the Paylisher SDK's default, so `PaylisherDeepLinkConfig()` behaves like
/// an SDK set up without options.
public struct PaylisherDeepLinkConfig: Sendable {
    /// The short-link hosts every configuration knows: production and test.
    public static let builtInShortLinkHosts: [String] = ["link.paylisher.com", "link.usepublisher.com"]

    /// The default of ``maxResponseBytes``: 1 MiB, far above any campaign answer.
    public static let defaultMaxResponseBytes = 1 << 20

    /// The campaign API used when no other base is configured.
    public static let defaultAPIBase = URL(string: "https://api.paylisher.com")!

    /// Send the `Deep Link …` events of spec §7 to the event sink. Default `true`.
    public var captureDeepLinkEvents: Bool
    /// Run the auth gate (spec §6.3). When false the `onDeepLink` handler alone sees
    /// `requiresAuth`. Default `true`.
    public var autoHandleDeepLinks: Bool
    /// Raw destinations (``PaylisherDeepLink/destination``) that need a logged-in user,
    /// compared exactly. Default empty.
    public var authRequiredDestinations: [String]
    /// How long a gated link waits for approval; zero or less disables the timer.
    /// Default 300 seconds.
    public var pendingDeepLinkTimeout: Duration
    /// Properties added to every event, after the event's own (spec §7.2). Default empty.
    public var additionalEventProperties: [String: JSONValue]
    /// Keep campaign attribution (`campaign_key`, `deeplink_key`, `campaign_source`) for the
    /// session (spec §7.2). Default `true`.
    public var autoRegisterCampaignKeys: Bool
    /// The app's own short-link hosts, in addition to ``builtInShortLinkHosts``; compared
    /// ASCII-case-insensitively. Default empty.
    public var shortLinkHosts: [String]
    /// The base URL of the campaign API; a trailing `/` is ignored.
    /// Default `https://api.paylisher.com`.
    public var apiBase: URL
    /// The longest a campaign resolution may take before it counts as failed, covering the
    /// whole exchange (headers and body). Default 10 seconds.
    public var resolveTimeout: Duration
    /// The most body bytes a campaign answer may have; a longer one fails resolution (the
    /// link is delivered without campaign data). Default ``defaultMaxResponseBytes`` (1 MiB).
    public var maxResponseBytes: Int
    /// Two arrivals of one URL within this window are handled once (spec §6.4); zero turns
    /// de-duplication off. Default 1 second.
    public var duplicateWindow: Duration
    /// Called with bridge pages (spec §3.1), which open the app from a landing page.
    /// Default nil: bridge pages are dropped.
    public var openBridgeURL: (@Sendable (URL) -> Void)?

    /// Creates a configuration; every argument defaults to the SDK's value.
    public init(
        captureDeepLinkEvents: Bool = true,
        autoHandleDeepLinks: Bool = true,
        authRequiredDestinations: [String] = [],
        pendingDeepLinkTimeout: Duration = .seconds(300),
        additionalEventProperties: [String: JSONValue] = [:],
        autoRegisterCampaignKeys: Bool = true,
        shortLinkHosts: [String] = [],
        apiBase: URL = PaylisherDeepLinkConfig.defaultAPIBase,
        resolveTimeout: Duration = .seconds(10),
        duplicateWindow: Duration = .seconds(1),
        maxResponseBytes: Int = PaylisherDeepLinkConfig.defaultMaxResponseBytes,
        openBridgeURL: (@Sendable (URL) -> Void)? = nil
    ) {
        self.captureDeepLinkEvents = captureDeepLinkEvents
        self.autoHandleDeepLinks = autoHandleDeepLinks
        self.authRequiredDestinations = authRequiredDestinations
        self.pendingDeepLinkTimeout = pendingDeepLinkTimeout
        self.additionalEventProperties = additionalEventProperties
        self.autoRegisterCampaignKeys = autoRegisterCampaignKeys
        self.shortLinkHosts = shortLinkHosts
        self.apiBase = apiBase
        self.resolveTimeout = resolveTimeout
        self.duplicateWindow = duplicateWindow
        self.maxResponseBytes = maxResponseBytes
        self.openBridgeURL = openBridgeURL
    }

    /// Whether `host` (as written in a URL, without port) is a short-link host: a built-in
    /// one or one of ``shortLinkHosts``, compared ASCII-case-insensitively (spec §3.1).
    public func isShortLinkHost(_ host: some StringProtocol) -> Bool {
        guard !host.isEmpty else { return false }
        return Self.builtInShortLinkHosts.contains { PaylisherASCII.equalsIgnoringCase($0, host) }
            || shortLinkHosts.contains { PaylisherASCII.equalsIgnoringCase($0, host) }
    }

    /// The campaign-resolution request for `link` (spec §5.1), or nil when the link has no
    /// campaign key or is a bridge page.
    ///
    /// A short link asks its own host, `https://<host>/resolve/<key>` (host lowercased, port
    /// dropped); any other link asks `<apiBase>/campaign/resolve/<key>`. The key is
    /// percent-encoded as one path segment, so `a/b` is sent as `a%2Fb` and `..` as `%2E%2E`.
    public func resolveRequestURL(for link: PaylisherDeepLink) -> URL? {
        guard let key = link.campaignKeyName, !link.isBridgePage else { return nil }
        let segment = PaylisherPathSegmentEncoding.encode(key)
        if link.isShortLink {
            return URL(string: "https://\(PaylisherASCII.lowercased(link.host))/resolve/\(segment)")
        }
        // The base is split like any URL so a query on it (rare) stays after the new path.
        let base = PaylisherURIReference(apiBase.absoluteString)
        var text = ""
        if let scheme = base.scheme { text += scheme + ":" }
        if let authority = base.authority { text += "//" + authority }
        var path = base.path
        while path.last == "/" { path = path.dropLast() }
        text += path + "/campaign/resolve/" + segment
        if let query = base.query { text += "?" + query }
        return URL(string: text)
    }
}
