import Foundation
import Waypoint
import WaypointPaylisher

extension PaylisherDeepLink {
    /// The expectation keys of a Paylisher table (Documentation/spec/tables.md, spec §10) for one input, as
    /// the
    /// table tests and `waypoint paylisher --json` report them.
    ///
    /// The input is parsed with `config`; `givenCampaignData`, when it is not nil or `null`,
    /// is decoded as a resolution response body (spec §5.2) and attached before
    /// `resolvedDestination` is read. An input that does not parse gives only
    /// `parseOK: false`. Absent values are `null`.
    package static func tableValues(
        input: String, config: PaylisherDeepLinkConfig, givenCampaignData: JSONValue? = nil
    ) -> [String: JSONValue] {
        guard let url = URL(string: input),
            var link = try? PaylisherDeepLink(url: url, platformHint: nil, config: config, timestamp: Date())
        else { return ["parseOK": false] }
        if case .object(let object)? = givenCampaignData {
            link = link.withCampaignData(PaylisherResolvedDeepLinkPayload(jsonObject: object))
        }
        func optional(_ text: String?) -> JSONValue { text.map { .string($0) } ?? .null }
        return [
            "parseOK": true,
            "scheme": .string(link.scheme),
            "pathSegments": .array(link.pathSegments.map { .string($0) }),
            "parameters": .object(link.parameters.mapValues { .string($0) }),
            "destination": .string(link.destination),
            "campaignKeyName": optional(link.campaignKeyName),
            "jid": optional(link.jid),
            "campaignId": optional(link.campaignId),
            "source": optional(link.source),
            "utmMedium": optional(link.utmMedium),
            "referrer": optional(link.referrer),
            "campaignSource": .string(link.canonicalSource.rawValue),
            "isShortLink": .bool(link.isShortLink),
            "authParamRequired": .bool(link.authParamRequired),
            "resolvedDestination": .string(link.resolvedDestination),
            "resolveRequest": optional(config.resolveRequestURL(for: link)?.absoluteString),
        ]
    }
}
