import Foundation
import Waypoint
import WaypointPaylisher

extension PaylisherDeepLinkConfig {
    /// The configuration a Paylisher table's `options` describe (spec §10): `shortLinkHosts`
    /// (an array of strings) and `apiBase` (an absolute URL string); everything else default.
    ///
    /// - Throws: ``PaylisherTableOptionError`` naming an unknown option or a bad value.
    package init(tableOptions options: [String: JSONValue]) throws(PaylisherTableOptionError) {
        self.init()
        for (name, value) in options {
            switch name {
            case "shortLinkHosts":
                guard case .array(let elements) = value else {
                    throw .invalidValue(name: name, reason: "expected an array of host names")
                }
                shortLinkHosts = try elements.map { element throws(PaylisherTableOptionError) in
                    guard case .string(let host) = element, !host.isEmpty else {
                        throw .invalidValue(name: name, reason: "expected non-empty host name strings")
                    }
                    return host
                }
            case "apiBase":
                guard case .string(let text) = value, let url = URL(string: text),
                    PaylisherURIReference(url.absoluteString).hasValidScheme
                else {
                    throw .invalidValue(name: name, reason: "expected an absolute URL string")
                }
                apiBase = url
            default:
                throw .unknownOption(name: name)
            }
        }
    }
}
