import Foundation
import Waypoint

extension PaylisherResolvedDeepLinkPayload {
    /// The string fields with their JSON names, and the MongoDB Extended JSON wrapper
    /// (`$oid`, `$date`) each may also be written in.
    private static var stringFields:
        [(name: String, wrapper: String?, keyPath: WritableKeyPath<Self, String?>)]
    {
        [
            ("_id", "$oid", \.id), ("teamId", nil, \.teamId), ("projectId", nil, \.projectId),
            ("sourceId", nil, \.sourceId), ("type", nil, \.type), ("title", nil, \.title),
            ("keyName", nil, \.keyName), ("webUrl", nil, \.webUrl), ("iosUrl", nil, \.iosUrl),
            ("androidUrl", nil, \.androidUrl), ("huaweiUrl", nil, \.huaweiUrl),
            ("fallbackUrl", nil, \.fallbackUrl), ("scheme", nil, \.scheme),
            ("iosUniversalUrl", nil, \.iosUniversalUrl), ("webhookUrl", nil, \.webhookUrl),
            ("createdAt", "$date", \.createdAt), ("updatedAt", "$date", \.updatedAt),
            ("adId", "$oid", \.adId), ("jid", nil, \.jid),
        ]
    }

    /// Decodes a campaign leniently from a JSON object (spec §5.2).
    ///
    /// `_id` and `adId` may be strings or `{"$oid": String}`; `createdAt` and `updatedAt`
    /// strings or `{"$date": String}`; `__v` an integral number; `metaData` any object; every
    /// other known field a string. A field of another type is ignored, as are unknown keys.
    /// Returns nil when no known field decoded, as for
    /// `{"error":"Campaign not found","statusCode":404}`.
    package init?(jsonObject object: [String: JSONValue]) {
        self.init()
        var decodedAnyField = false
        for field in Self.stringFields {
            guard let value = object[field.name] else { continue }
            switch value {
            case .string(let text):
                self[keyPath: field.keyPath] = text
                decodedAnyField = true
            case .object(let wrapped):
                if let wrapper = field.wrapper, case .string(let text)? = wrapped[wrapper] {
                    self[keyPath: field.keyPath] = text
                    decodedAnyField = true
                }
            case .number, .bool, .null, .array:
                continue
            }
        }
        if case .number(let number)? = object["__v"], let version = Int(exactly: number) {
            self.version = version
            decodedAnyField = true
        }
        if case .object(let metaData)? = object["metaData"] {
            self.metaData = metaData
            decodedAnyField = true
        }
        guard decodedAnyField else { return nil }
    }

    /// Decodes a campaign-resolution response body: UTF-8 JSON whose root is an object,
    /// decoded leniently (spec §5.2): `_id` and `adId` may be strings or `{"$oid": String}`;
    /// `createdAt` and `updatedAt` strings or `{"$date": String}`; `__v` an integral number;
    /// `metaData` any object; every other known field a string; a field of another type is
    /// ignored, as are unknown keys. Returns nil when the body is not UTF-8, not JSON, not an
    /// object, or has no known field (as for `{"error":"Campaign not found","statusCode":404}`).
    public init?(responseBody: Data) {
        guard let text = String(data: responseBody, encoding: .utf8),
            case .object(let object)? = try? JSONValue(parsing: text)
        else { return nil }
        self.init(jsonObject: object)
    }

    /// The campaign properties of a `Deep Link Opened` event (spec §7.1): each present
    /// field under its JSON name, `scheme` as `campaign_scheme`, `jid` as `campaign_jid`,
    /// `metaData` as an object and each of its entries again as `meta_<key>`.
    package var eventProperties: [String: JSONValue] {
        var properties: [String: JSONValue] = [:]
        for field in Self.stringFields {
            guard let value = self[keyPath: field.keyPath] else { continue }
            switch field.name {
            case "scheme": properties["campaign_scheme"] = .string(value)
            case "jid": properties["campaign_jid"] = .string(value)
            default: properties[field.name] = .string(value)
            }
        }
        if let version {
            properties["__v"] = .number(Double(version))
        }
        if let metaData {
            properties["metaData"] = .object(metaData)
            for (key, value) in metaData {
                properties["meta_" + key] = value
            }
        }
        return properties
    }
}
