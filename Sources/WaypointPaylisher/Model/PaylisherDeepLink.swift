import Foundation
import Waypoint

/// A parsed Paylisher deep link (spec §1.1): a custom-scheme link such as
/// `yourapp://products/42?keyName=K` or a web link such as
/// `https://link.paylisher.com/products/42`.
///
/// A value: parsing never depends on the Foundation version (the URL is split per RFC 3986
/// Appendix B), and the campaign resolved for a link is attached with
/// ``withCampaignData(_:)``, which returns a new value.
public struct PaylisherDeepLink: Sendable, Equatable {
    /// The incoming URL, unchanged.
    public let url: URL
    /// The URL's scheme as written: `yourapp`, `https`, `HTTPS`.
    public let scheme: String
    /// The normalised route segments (spec §2.2): a custom-scheme link's decoded host, then
    /// its decoded path segments; a web link's decoded path segments alone. Empty pieces are
    /// dropped and a `%2F` stays inside its segment as `/`. Route on these.
    public let pathSegments: [String]
    /// The query parameters, decoded; a repeated name keeps its last value (spec §2.4).
    public let parameters: [String: String]
    /// The raw destination (spec §2.3): a custom-scheme link's decoded host, or a web link's
    /// decoded path without leading and trailing `/`. Never empty.
    public let destination: String
    /// The campaign key (spec §3.2), or nil.
    public let campaignKeyName: String?
    /// The journey id (`jid`), kept even when empty.
    public let jid: String?
    /// The campaign id (`campaign`, `campaign_id` or `utm_campaign`).
    public let campaignId: String?
    /// The raw traffic source (`source` or `utm_source`), whitespace included.
    public let source: String?
    /// The medium (`utm_medium` or `medium`).
    public let utmMedium: String?
    /// The referrer URL parameter (`referrer` or `ref`), not an HTTP header.
    public let referrer: String?
    /// Whether the link carries `auth=required`, the value compared ASCII-case-insensitively.
    public let authParamRequired: Bool
    /// The resolved campaign (spec §5), or nil.
    public internal(set) var campaignData: PaylisherResolvedDeepLinkPayload?
    /// The launch-source hint given by the caller, such as the opening app's bundle id; never
    /// read from the URL.
    public let platformHint: String?
    /// The canonical traffic source (spec §4), reported as `campaign_source`.
    public let canonicalSource: PaylisherCampaignSource
    /// Whether this is a web link on a short-link host (spec §3.1).
    public let isShortLink: Bool
    /// The query as written, without `?`; nil when the URL has no `?`.
    public let rawQuery: String?
    /// When the link was parsed.
    public let timestamp: Date
    /// The host as written, without user information and port (empty for none).
    package let host: String

    /// Returns a copy of this link carrying `payload` as its ``campaignData``.
    public func withCampaignData(_ payload: PaylisherResolvedDeepLinkPayload?) -> PaylisherDeepLink {
        var copy = self
        copy.campaignData = payload
        return copy
    }

    /// Whether the link is a bridge page: a short link whose last path segment is `bridge`
    /// (spec §3.1).
    package var isBridgePage: Bool {
        isShortLink && pathSegments.last == "bridge"
    }

    /// The path handed to the core router (spec §8): `/` followed by ``pathSegments`` joined
    /// with `/`, each segment percent-encoded as one path segment, so a `/` inside a segment
    /// is written `%2F` and stays one segment.
    public var routePath: String {
        "/" + pathSegments.map(PaylisherPathSegmentEncoding.encode).joined(separator: "/")
    }

    /// Where the link leads once its campaign is known (spec §5.3): the destination named by
    /// the campaign's `scheme`, else by its `iosUniversalUrl`, else ``destination``.
    ///
    /// For an http or https URL the name is its last non-empty path segment, decoded; for
    /// any other URL it is its decoded host. The App Store link `iosUrl` is never used.
    public var resolvedDestination: String {
        guard let campaignData else { return destination }
        for candidate in [campaignData.scheme, campaignData.iosUniversalUrl] {
            if let candidate, let name = Self.destinationName(inCampaignURL: candidate), !name.isEmpty {
                return name
            }
        }
        return destination
    }

    private static func destinationName(inCampaignURL text: String) -> String? {
        let reference = PaylisherURIReference(text)
        if reference.isWeb {
            return reference.rawPathPieces.last.map { PercentDecoding.decode($0) }
        }
        return PercentDecoding.decode(reference.host)
    }
}
