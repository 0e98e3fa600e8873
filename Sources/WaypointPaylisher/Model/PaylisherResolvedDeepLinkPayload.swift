import Waypoint

/// A campaign as the Paylisher API resolves it (spec §1.2). Every property is optional.
///
/// Decoding is lenient (spec §5.2): a field of the wrong JSON type is left out rather than
/// rejecting the payload, and unknown fields are ignored.
public struct PaylisherResolvedDeepLinkPayload: Sendable, Equatable {
    /// The campaign's id (JSON `_id`, a string or `{"$oid": …}`).
    public var id: String?
    /// The owning team's id.
    public var teamId: String?
    /// The owning project's id.
    public var projectId: String?
    /// The source's id.
    public var sourceId: String?
    /// The campaign type, such as `promotion`.
    public var type: String?
    /// The campaign title.
    public var title: String?
    /// The campaign key.
    public var keyName: String?
    /// The web page of the campaign.
    public var webUrl: String?
    /// The App Store link; never used as a destination.
    public var iosUrl: String?
    /// The Google Play link.
    public var androidUrl: String?
    /// The AppGallery link.
    public var huaweiUrl: String?
    /// Where to go when nothing else applies.
    public var fallbackUrl: String?
    /// The target URL in the app, such as `diyetim://profile`.
    public var scheme: String?
    /// The campaign's universal link.
    public var iosUniversalUrl: String?
    /// The campaign's webhook.
    public var webhookUrl: String?
    /// When the campaign was created (a string or `{"$date": …}`).
    public var createdAt: String?
    /// When the campaign was last updated (a string or `{"$date": …}`).
    public var updatedAt: String?
    /// The ad's id (a string or `{"$oid": …}`).
    public var adId: String?
    /// The journey id the campaign starts.
    public var jid: String?
    /// The document version (JSON `__v`).
    public var version: Int?
    /// Free-form campaign data.
    public var metaData: [String: JSONValue]?

    /// Creates a payload; every field defaults to absent.
    public init(
        id: String? = nil, teamId: String? = nil, projectId: String? = nil, sourceId: String? = nil,
        type: String? = nil, title: String? = nil, keyName: String? = nil, webUrl: String? = nil,
        iosUrl: String? = nil, androidUrl: String? = nil, huaweiUrl: String? = nil,
        fallbackUrl: String? = nil,
        scheme: String? = nil, iosUniversalUrl: String? = nil, webhookUrl: String? = nil,
        createdAt: String? = nil, updatedAt: String? = nil, adId: String? = nil, jid: String? = nil,
        version: Int? = nil, metaData: [String: JSONValue]? = nil
    ) {
        self.id = id
        self.teamId = teamId
        self.projectId = projectId
        self.sourceId = sourceId
        self.type = type
        self.title = title
        self.keyName = keyName
        self.webUrl = webUrl
        self.iosUrl = iosUrl
        self.androidUrl = androidUrl
        self.huaweiUrl = huaweiUrl
        self.fallbackUrl = fallbackUrl
        self.scheme = scheme
        self.iosUniversalUrl = iosUniversalUrl
        self.webhookUrl = webhookUrl
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.adId = adId
        self.jid = jid
        self.version = version
        self.metaData = metaData
    }
}
