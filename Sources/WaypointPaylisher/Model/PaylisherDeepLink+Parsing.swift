import Foundation
import Waypoint

extension PaylisherDeepLink {
    /// Parses `url` as a Paylisher deep link (spec §2, §3, §4).
    ///
    /// - Parameters:
    ///   - url: the incoming URL; its `absoluteString` is split per RFC 3986 Appendix B.
    ///   - platformHint: a launch-source hint such as the opening app's bundle id, used as
    ///     the last source signal (spec §4).
    ///   - config: supplies the app's short-link hosts (spec §3.1).
    /// - Throws: ``PaylisherDeepLinkError/notAbsolute`` when the URL has no valid scheme,
    ///   ``PaylisherDeepLinkError/emptyDestination`` when it names no destination.
    public init(
        url: URL, platformHint: String? = nil, config: PaylisherDeepLinkConfig = PaylisherDeepLinkConfig()
    ) throws(PaylisherDeepLinkError) {
        try self.init(url: url, platformHint: platformHint, config: config, timestamp: Date())
    }

    /// Parses `url` with an explicit parse time; see ``init(url:platformHint:config:)``.
    package init(
        url: URL, platformHint: String?, config: PaylisherDeepLinkConfig, timestamp: Date
    ) throws(PaylisherDeepLinkError) {
        let reference = PaylisherURIReference(url.absoluteString)
        guard reference.hasValidScheme, let scheme = reference.scheme else { throw .notAbsolute }
        let isWeb = reference.isWeb
        let rawHost = reference.host
        let decodedHost = PercentDecoding.decode(rawHost)
        let pathPieces = reference.rawPathPieces.map { PercentDecoding.decode($0) }

        let destination: String
        var segments: [String] = []
        if isWeb {
            let decodedPath = PercentDecoding.decode(reference.path)
            var trimmed = decodedPath[...]
            while trimmed.first == "/" { trimmed = trimmed.dropFirst() }
            while trimmed.last == "/" { trimmed = trimmed.dropLast() }
            destination = String(trimmed)
        } else {
            destination = decodedHost
            if !decodedHost.isEmpty { segments.append(decodedHost) }
        }
        guard !destination.isEmpty else { throw .emptyDestination }
        segments += pathPieces

        let pairs = Self.queryPairs(reference.query)
        var parameters: [String: String] = [:]
        for (name, value) in pairs { parameters[name] = value }
        func field(_ names: String...) -> String? {
            names.lazy.compactMap { parameters[$0] }.first
        }

        self.url = url
        self.scheme = String(scheme)
        self.pathSegments = segments
        self.parameters = parameters
        self.destination = destination
        self.jid = field("jid")
        self.campaignId = field("campaign", "campaign_id", "utm_campaign")
        self.source = field("source", "utm_source")
        self.utmMedium = field("utm_medium", "medium")
        self.referrer = field("referrer", "ref")
        self.authParamRequired =
            parameters["auth"].map { PaylisherASCII.equalsIgnoringCase($0, "required") } ?? false
        self.campaignData = nil
        self.platformHint = platformHint
        self.canonicalSource = PaylisherCampaignSource.classify(signals: [source, referrer, platformHint])
        self.isShortLink = isWeb && config.isShortLinkHost(rawHost)
        self.rawQuery = reference.query.map(String.init)
        self.timestamp = timestamp
        self.host = String(rawHost)
        self.campaignKeyName = Self.campaignKey(pairs: pairs, segments: segments, isShortLink: isShortLink)
    }

    /// The query's `name=value` pairs in order (spec §2.4): pieces split on `&`, empty
    /// pieces skipped, each split on its first `=` (none gives `""`), both sides decoded,
    /// pieces with an empty name skipped.
    private static func queryPairs(_ query: Substring?) -> [(name: String, value: String)] {
        guard let query else { return [] }
        return query.split(separator: "&", omittingEmptySubsequences: true).compactMap { piece in
            let equals = piece.firstIndex(of: "=")
            let name = PercentDecoding.decode(piece[..<(equals ?? piece.endIndex)])
            guard !name.isEmpty else { return nil }
            let value = equals.map { PercentDecoding.decode(piece[piece.index(after: $0)...]) } ?? ""
            return (name, value)
        }
    }

    /// The campaign key (spec §3.2): the first non-empty `keyName`, else `key`, else `k`;
    /// else the segment after the first `campaign`; else after the first `c`; else a short
    /// link's only path segment.
    private static func campaignKey(
        pairs: [(name: String, value: String)], segments: [String], isShortLink: Bool
    ) -> String? {
        for name in ["keyName", "key", "k"] {
            if let pair = pairs.first(where: { $0.name == name && !$0.value.isEmpty }) {
                return pair.value
            }
        }
        for marker in ["campaign", "c"] {
            if let index = segments.firstIndex(of: marker), index + 1 < segments.count {
                return segments[index + 1]
            }
        }
        if isShortLink && segments.count == 1 {
            return segments[0]
        }
        return nil
    }
}
