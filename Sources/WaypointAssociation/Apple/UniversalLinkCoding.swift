import Waypoint
import WaypointCoding

/// The model as JSON: what ``UniversalLinkRules`` and its parts encode to, and the coding path of a
/// decoder as a ``JSONPath``.
package enum UniversalLinkCoding {
    /// `universalLinks` as the JSON object of an `applinks` section.
    package static func json(_ universalLinks: UniversalLinkRules) -> JSONValue {
        var members: [String: JSONValue] = ["details": .array(universalLinks.details.map(json))]
        if let defaults = universalLinks.defaults { members["defaults"] = json(defaults) }
        if !universalLinks.substitutionVariables.isEmpty {
            members["substitutionVariables"] = .object(
                universalLinks.substitutionVariables.mapValues { .array($0.map(JSONValue.string)) })
        }
        if let apps = universalLinks.apps { members["apps"] = .array(apps.map(JSONValue.string)) }
        return .object(members)
    }

    /// `details` as the JSON object of an entry.
    package static func json(_ details: UniversalLinkRules.Details) -> JSONValue {
        var members: [String: JSONValue] = [:]
        if let appID = details.appID { members["appID"] = .string(appID) }
        if let appIDs = details.appIDs { members["appIDs"] = .array(appIDs.map(JSONValue.string)) }
        if let components = details.components { members["components"] = .array(components.map(json)) }
        if let paths = details.paths { members["paths"] = .array(paths.map(JSONValue.string)) }
        if let defaults = details.defaults { members["defaults"] = json(defaults) }
        return .object(members)
    }

    /// `component` as the JSON object of a component or of `defaults`.
    package static func json(_ component: UniversalLinkRules.Component) -> JSONValue {
        var members: [String: JSONValue] = [:]
        if let path = component.path { members["/"] = .string(path) }
        switch component.query {
        case .pattern(let pattern): members["?"] = .string(pattern)
        case .items(let items): members["?"] = .object(items.mapValues(JSONValue.string))
        case nil: break
        }
        if let fragment = component.fragment { members["#"] = .string(fragment) }
        if let exclude = component.exclude { members["exclude"] = .bool(exclude) }
        if let comment = component.comment { members["comment"] = .string(comment) }
        if let caseSensitive = component.caseSensitive { members["caseSensitive"] = .bool(caseSensitive) }
        if let percentEncoded = component.percentEncoded { members["percentEncoded"] = .bool(percentEncoded) }
        return .object(members)
    }

    /// `association` as the JSON object of a whole file.
    package static func json(_ association: AppSiteAssociation) -> JSONValue {
        var members = association.otherServices
        if let universalLinks = association.universalLinks { members["applinks"] = json(universalLinks) }
        return .object(members)
    }

    /// The value `decoder` holds, read by `read`, refused first when it is larger than a file
    /// may be (``AppSiteAssociationReader/checkSize(_:at:)``), as ``AppSiteAssociation/init(json:)``
    /// refuses it.
    package static func decode<Value>(
        _ decoder: any Decoder, _ read: (JSONValue, JSONPath) throws(AppSiteAssociationError) -> Value
    ) throws -> Value {
        let value = try JSONValue(from: decoder)
        let path = path(decoder.codingPath)
        try AppSiteAssociationReader.checkSize(value, at: path)
        return try read(value, path)
    }

    /// The JSON path of a decoder's coding path.
    package static func path(_ codingPath: [any CodingKey]) -> JSONPath {
        JSONPath(
            steps: codingPath.map { key in key.intValue.map(JSONPath.Step.index) ?? .key(key.stringValue) })
    }
}

extension AppSiteAssociation: Codable {
    /// Decodes a file, checked as ``init(json:)`` checks it, by the same reader; errors are
    /// ``AppSiteAssociationError``s naming the JSON path. A decoder does not show the file's
    /// bytes, so the size limit (``maximumSize``) applies to the content written as compact
    /// JSON: a file whose content is larger cannot be within the limit.
    public init(from decoder: any Decoder) throws {
        self = try AppSiteAssociationReader.association(
            JSONValue(from: decoder), at: UniversalLinkCoding.path(decoder.codingPath))
    }

    /// Encodes the file as the JSON a web server publishes.
    public func encode(to encoder: any Encoder) throws {
        try UniversalLinkCoding.json(self).encode(to: encoder)
    }
}

extension UniversalLinkRules: Codable {
    /// Decodes an `applinks` section, checked as ``AppSiteAssociation/init(json:)`` checks
    /// it; errors are ``AppSiteAssociationError``s naming the JSON path.
    public init(from decoder: any Decoder) throws {
        self = try UniversalLinkCoding.decode(decoder, AppSiteAssociationReader.universalLinks)
    }

    /// Encodes the section with Apple's keys.
    public func encode(to encoder: any Encoder) throws {
        try UniversalLinkCoding.json(self).encode(to: encoder)
    }
}

extension UniversalLinkRules.Details: Codable {
    /// Decodes a `details` entry; errors are ``AppSiteAssociationError``s.
    public init(from decoder: any Decoder) throws {
        self = try UniversalLinkCoding.decode(decoder, AppSiteAssociationReader.details)
    }

    /// Encodes the entry with Apple's keys.
    public func encode(to encoder: any Encoder) throws {
        try UniversalLinkCoding.json(self).encode(to: encoder)
    }
}

extension UniversalLinkRules.Component: Codable {
    /// Decodes a component or a `defaults` object; errors are ``AppSiteAssociationError``s.
    public init(from decoder: any Decoder) throws {
        self = try UniversalLinkCoding.decode(decoder, AppSiteAssociationReader.component)
    }

    /// Encodes the component with Apple's keys (`/`, `?`, `#`, …).
    public func encode(to encoder: any Encoder) throws {
        try UniversalLinkCoding.json(self).encode(to: encoder)
    }
}

extension UniversalLinkRules.Query: Codable {
    /// Decodes a `?` value: a string, or an object of strings.
    public init(from decoder: any Decoder) throws {
        self = try AppSiteAssociationReader.query(
            JSONValue(from: decoder), at: UniversalLinkCoding.path(decoder.codingPath))
    }

    /// Encodes the pattern, or the object of item patterns.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .pattern(let pattern): try JSONValue.string(pattern).encode(to: encoder)
        case .items(let items): try JSONValue.object(items.mapValues(JSONValue.string)).encode(to: encoder)
        }
    }
}
