import Waypoint

/// Reads the JSON of an `apple-app-site-association` file into the model, checking every
/// member's key and type and naming the JSON path of the first problem.
package enum AppSiteAssociationReader {
    /// The members of an `applinks` object.
    static let appLinksKeys: Set<String> = ["defaults", "details", "substitutionVariables", "apps"]
    /// The members of a `details` entry.
    static let detailsKeys: Set<String> = ["appID", "appIDs", "components", "paths", "defaults"]
    /// The members of a component, and of `defaults`.
    static let componentKeys: Set<String> = [
        "/", "?", "#", "exclude", "comment", "caseSensitive", "percentEncoded",
    ]
    /// The services of a file besides `applinks` (Supporting associated domains), kept as
    /// they are.
    static let otherServices: Set<String> = ["webcredentials", "appclips", "activitycontinuation"]

    /// The file's services.
    package static func association(
        _ value: JSONValue, at path: JSONPath
    ) throws(AppSiteAssociationError)
        -> AppSiteAssociation
    {
        try checkSize(value, at: path)
        let members = try object(value, at: path, keys: otherServices.union(["applinks"]))
        var universalLinks: UniversalLinkRules?
        if let value = members["applinks"] {
            universalLinks = try self.universalLinks(value, at: path.appending("applinks"))
        }
        return AppSiteAssociation(
            universalLinks: universalLinks, otherServices: members.filter { $0.key != "applinks" })
    }

    /// An `applinks` object, its patterns checked against its substitution variables.
    package static func universalLinks(
        _ value: JSONValue, at path: JSONPath
    ) throws(AppSiteAssociationError) -> UniversalLinkRules {
        let members = try object(value, at: path, keys: appLinksKeys)
        var apps: [String]?
        if let value = members["apps"] {
            let list = try array(value, at: path.appending("apps"))
            guard list.isEmpty else {
                throw AppSiteAssociationError(.legacyAppsNotEmpty, at: path.appending("apps"))
            }
            apps = []
        }
        var variables: [String: [String]] = [:]
        if let value = members["substitutionVariables"] {
            let variablesPath = path.appending("substitutionVariables")
            for (name, values) in try object(value, at: variablesPath, keys: nil).sorted(by: {
                $0.key < $1.key
            }) {
                variables[name] = try strings(values, at: variablesPath.appending(name))
            }
        }
        guard let detailsValue = members["details"] else {
            throw AppSiteAssociationError(.missingKey("details"), at: path)
        }
        let detailsPath = path.appending("details")
        var details: [UniversalLinkRules.Details] = []
        for (index, entry) in try array(detailsValue, at: detailsPath).enumerated() {
            details.append(try self.details(entry, at: detailsPath.appending(index: index)))
        }
        let universalLinks = UniversalLinkRules(
            defaults: try members["defaults"].map { value throws(AppSiteAssociationError) in
                try component(value, at: path.appending("defaults"))
            },
            details: details, substitutionVariables: variables, apps: apps)
        // Compiling checks every pattern against the variables.
        _ = try UniversalLinkMatcher(universalLinks, at: path)
        return universalLinks
    }

    /// One `details` entry.
    static func details(
        _ value: JSONValue, at path: JSONPath
    ) throws(AppSiteAssociationError) -> UniversalLinkRules.Details {
        let members = try object(value, at: path, keys: detailsKeys)
        var entry = UniversalLinkRules.Details()
        if let value = members["appID"] {
            entry.appID = try appID(value, at: path.appending("appID"))
        }
        if let value = members["appIDs"] {
            let listPath = path.appending("appIDs")
            var identifiers: [String] = []
            for (index, item) in try array(value, at: listPath).enumerated() {
                identifiers.append(try appID(item, at: listPath.appending(index: index)))
            }
            entry.appIDs = identifiers
        }
        guard !entry.applicationIdentifiers.isEmpty else { throw AppSiteAssociationError(.noAppID, at: path) }
        if let value = members["components"] {
            let listPath = path.appending("components")
            var components: [UniversalLinkRules.Component] = []
            for (index, item) in try array(value, at: listPath).enumerated() {
                components.append(try component(item, at: listPath.appending(index: index)))
            }
            entry.components = components
        }
        if let value = members["paths"] {
            entry.paths = try strings(value, at: path.appending("paths"))
        }
        if let value = members["defaults"] {
            entry.defaults = try component(value, at: path.appending("defaults"))
        }
        return entry
    }

    /// A component, or a `defaults` object.
    static func component(
        _ value: JSONValue, at path: JSONPath
    ) throws(AppSiteAssociationError) -> UniversalLinkRules.Component {
        let members = try object(value, at: path, keys: componentKeys)
        var component = UniversalLinkRules.Component()
        component.path = try members["/"].map { value throws(AppSiteAssociationError) in
            try string(value, at: path.appending("/"))
        }
        if let value = members["?"] {
            component.query = try query(value, at: path.appending("?"))
        }
        component.fragment = try members["#"].map { value throws(AppSiteAssociationError) in
            try string(value, at: path.appending("#"))
        }
        component.exclude = try members["exclude"].map { value throws(AppSiteAssociationError) in
            try bool(value, at: path.appending("exclude"))
        }
        component.comment = try members["comment"].map { value throws(AppSiteAssociationError) in
            try string(value, at: path.appending("comment"))
        }
        component.caseSensitive = try members["caseSensitive"].map { value throws(AppSiteAssociationError) in
            try bool(value, at: path.appending("caseSensitive"))
        }
        component.percentEncoded = try members["percentEncoded"].map {
            value throws(AppSiteAssociationError) in
            try bool(value, at: path.appending("percentEncoded"))
        }
        return component
    }

    /// The `?` of a component: a pattern, or an object of query item patterns.
    static func query(
        _ value: JSONValue, at path: JSONPath
    ) throws(AppSiteAssociationError) -> UniversalLinkRules.Query {
        switch value {
        case .string(let pattern):
            return .pattern(pattern)
        case .object(let items):
            var patterns: [String: String] = [:]
            for (name, pattern) in items.sorted(by: { $0.key < $1.key }) {
                patterns[name] = try string(pattern, at: path.appending(name))
            }
            return .items(patterns)
        default:
            throw AppSiteAssociationError(
                .wrongType(expected: "a string or an object", found: typeName(value)), at: path)
        }
    }

    /// Refuses `value` when, written as compact JSON (``JSONValue/jsonString``), it is
    /// larger than ``AppSiteAssociation/maximumSize``: no file that holds it can be within
    /// the size Apple downloads. Every way of reading a file applies it, `JSONDecoder`
    /// included, which cannot see the file's own bytes (Documentation/aasa.md §2.1).
    package static func checkSize(_ value: JSONValue, at path: JSONPath) throws(AppSiteAssociationError) {
        let size = value.jsonString.utf8.count
        guard size <= AppSiteAssociation.maximumSize else {
            throw AppSiteAssociationError(
                .fileTooLarge(size: size, limit: AppSiteAssociation.maximumSize), at: path)
        }
    }

    /// An application identifier: `TEAMID.bundle.id`.
    static func appID(_ value: JSONValue, at path: JSONPath) throws(AppSiteAssociationError) -> String {
        let text = try string(value, at: path)
        guard isApplicationIdentifier(text) else {
            throw AppSiteAssociationError(.invalidAppID(text), at: path)
        }
        return text
    }

    /// Whether `text` is `TEAMID.bundle.id`: ten upper-case ASCII letters or digits, a dot,
    /// and a non-empty bundle ID of ASCII letters, digits, `-` and `.`.
    package static func isApplicationIdentifier(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count > 11, scalars[10] == "." else { return false }
        let isTeam: (Unicode.Scalar) -> Bool = { ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
        let isBundle: (Unicode.Scalar) -> Bool = {
            ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
                || $0 == "."
        }
        return scalars[..<10].allSatisfy(isTeam) && scalars[11...].allSatisfy(isBundle)
    }

    // MARK: Typed access

    /// The members of an object; with `keys`, only those keys are allowed.
    static func object(
        _ value: JSONValue, at path: JSONPath, keys: Set<String>?
    ) throws(AppSiteAssociationError) -> [String: JSONValue] {
        guard case .object(let members) = value else {
            throw AppSiteAssociationError(.wrongType(expected: "an object", found: typeName(value)), at: path)
        }
        if let keys, let unknown = members.keys.sorted().first(where: { !keys.contains($0) }) {
            throw AppSiteAssociationError(
                .unknownKey(unknown, suggestion: suggestion(for: unknown, in: keys)),
                at: path.appending(unknown))
        }
        return members
    }

    static func array(_ value: JSONValue, at path: JSONPath) throws(AppSiteAssociationError) -> [JSONValue] {
        guard case .array(let elements) = value else {
            throw AppSiteAssociationError(.wrongType(expected: "an array", found: typeName(value)), at: path)
        }
        return elements
    }

    static func string(_ value: JSONValue, at path: JSONPath) throws(AppSiteAssociationError) -> String {
        guard case .string(let text) = value else {
            throw AppSiteAssociationError(.wrongType(expected: "a string", found: typeName(value)), at: path)
        }
        return text
    }

    static func bool(_ value: JSONValue, at path: JSONPath) throws(AppSiteAssociationError) -> Bool {
        guard case .bool(let flag) = value else {
            throw AppSiteAssociationError(
                .wrongType(expected: "true or false", found: typeName(value)), at: path)
        }
        return flag
    }

    static func strings(_ value: JSONValue, at path: JSONPath) throws(AppSiteAssociationError) -> [String] {
        var result: [String] = []
        for (index, element) in try array(value, at: path).enumerated() {
            result.append(try string(element, at: path.appending(index: index)))
        }
        return result
    }

    /// How errors name the JSON type of `value`.
    static func typeName(_ value: JSONValue) -> String {
        switch value {
        case .string: "a string"
        case .number: "a number"
        case .bool: "a Boolean"
        case .null: "null"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The known key that `key` most likely meant: the same letters in another case, or the
    /// singular or plural of one.
    static func suggestion(for key: String, in keys: Set<String>) -> String? {
        let lowered = key.lowercased()
        let known = keys.sorted()
        return known.first { $0.lowercased() == lowered }
            ?? known.first { $0.lowercased() == lowered + "s" || $0.lowercased() + "s" == lowered }
    }
}
