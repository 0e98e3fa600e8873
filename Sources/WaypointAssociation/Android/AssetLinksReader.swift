import Waypoint

/// Reads the JSON of an `assetlinks.json` file into ``AssetLinks``.
enum AssetLinksReader {
    static func read(_ json: String) throws(AssetLinksError) -> AssetLinks {
        let size = json.utf8.count
        guard size <= AssetLinks.maximumSize else {
            throw AssetLinksError(
                .fileTooLarge(size: size, limit: AssetLinks.maximumSize), at: JSONPath.root.description)
        }
        let document: JSONValue
        do {
            document = try JSONValue(parsing: json, maximumDepth: 64)
        } catch {
            throw AssetLinksError(.invalidJSON(error), at: JSONPath.root.description)
        }
        var statements: [AssetLinks.Statement] = []
        var includes: [String] = []
        for (index, entry) in try array(document, at: .root).enumerated() {
            let path = JSONPath.root.appending(index: index)
            let members = try object(entry, at: path)
            if let include = members["include"] {
                try known(members, ["include"], at: path)
                includes.append(try string(include, at: path.appending("include")))
                continue
            }
            try known(members, ["relation", "target", "relation_extensions"], at: path)
            let relations = try strings(
                try required(members, "relation", at: path), at: path.appending("relation"))
            let targetPath = path.appending("target")
            let target = try object(try required(members, "target", at: path), at: targetPath)
            let namespace = try string(
                try required(target, "namespace", at: targetPath), at: targetPath.appending("namespace"))
            var statement = AssetLinks.Statement(relations: relations, namespace: namespace)
            if namespace == "android_app" {
                try known(target, ["namespace", "package_name", "sha256_cert_fingerprints"], at: targetPath)
                statement.package = try string(
                    try required(target, "package_name", at: targetPath),
                    at: targetPath.appending("package_name"))
                let fingerprintsPath = targetPath.appending("sha256_cert_fingerprints")
                statement.fingerprints = try strings(
                    try required(target, "sha256_cert_fingerprints", at: targetPath), at: fingerprintsPath)
                for (offset, fingerprint) in statement.fingerprints.enumerated()
                where !AssetLinks.isFingerprint(fingerprint) {
                    throw AssetLinksError(
                        .invalidFingerprint(fingerprint),
                        at: fingerprintsPath.appending(index: offset).description)
                }
            } else {
                try known(target, ["namespace", "site"], at: targetPath)
                statement.site = try target["site"].map { value throws(AssetLinksError) in
                    try string(value, at: targetPath.appending("site"))
                }
            }
            if let extensions = members["relation_extensions"] {
                let extensionsPath = path.appending("relation_extensions")
                let byRelation = try object(extensions, at: extensionsPath)
                if let value = byRelation[AssetLinks.handleAllURLs] {
                    (statement.dynamicRules, statement.discardedDynamicRules) = dynamicRules(value)
                }
            }
            statements.append(statement)
        }
        return AssetLinks(statements: statements, includes: includes)
    }

    /// The dynamic rules of a `handle_all_urls` extension, or why Android discards them (a
    /// malformed or empty field, as its documentation says).
    static func dynamicRules(_ value: JSONValue) -> (AndroidDynamicRules?, String?) {
        guard case .object(let members) = value else { return discarded("the extension is not an object") }
        guard let list = members["dynamic_app_link_components"] else {
            return discarded("the extension has no \"dynamic_app_link_components\"")
        }
        guard case .array(let entries) = list else {
            return discarded("\"dynamic_app_link_components\" is not an array")
        }
        var components: [AndroidDynamicRules.Component] = []
        for (index, entry) in entries.enumerated() {
            guard case .object(let fields) = entry, !fields.isEmpty else {
                return discarded("rule \(index) is not a non-empty object")
            }
            var component = AndroidDynamicRules.Component()
            for (key, field) in fields.sorted(by: { $0.key < $1.key }) {
                switch (key, field) {
                case ("/", .string(let text)) where !text.isEmpty: component.path = text
                case ("#", .string(let text)) where !text.isEmpty: component.fragment = text
                case ("exclude", .bool(let flag)): component.exclude = flag
                case ("comments", _): continue
                case ("?", .object(let items)) where !items.isEmpty:
                    var query: [String: String] = [:]
                    for (name, item) in items {
                        guard case .string(let text) = item, !name.isEmpty, !text.isEmpty else {
                            return discarded("rule \(index) has a \"?\" entry that is not a non-empty string")
                        }
                        query[name] = text
                    }
                    component.query = query
                default:
                    return discarded(
                        "rule \(index) has \(DiagnosticText.quoted(key)) of the wrong type, empty, or unknown"
                    )
                }
            }
            components.append(component)
        }
        return (AndroidDynamicRules(components: components), nil)
    }

    private static func discarded(_ reason: String) -> (AndroidDynamicRules?, String?) {
        (nil, reason)
    }

    private static func typeName(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    private static func array(_ value: JSONValue, at path: JSONPath) throws(AssetLinksError) -> [JSONValue] {
        guard case .array(let elements) = value else {
            throw AssetLinksError(
                .wrongType(expected: "an array", found: typeName(value)), at: path.description)
        }
        return elements
    }

    private static func object(
        _ value: JSONValue, at path: JSONPath
    ) throws(AssetLinksError) -> [String: JSONValue] {
        guard case .object(let members) = value else {
            throw AssetLinksError(
                .wrongType(expected: "an object", found: typeName(value)), at: path.description)
        }
        return members
    }

    private static func string(_ value: JSONValue, at path: JSONPath) throws(AssetLinksError) -> String {
        guard case .string(let text) = value else {
            throw AssetLinksError(
                .wrongType(expected: "a string", found: typeName(value)), at: path.description)
        }
        return text
    }

    private static func strings(_ value: JSONValue, at path: JSONPath) throws(AssetLinksError) -> [String] {
        var result: [String] = []
        for (index, element) in try array(value, at: path).enumerated() {
            result.append(try string(element, at: path.appending(index: index)))
        }
        return result
    }

    private static func required(
        _ members: [String: JSONValue], _ key: String, at path: JSONPath
    ) throws(AssetLinksError) -> JSONValue {
        guard let value = members[key] else { throw AssetLinksError(.missingKey(key), at: path.description) }
        return value
    }

    private static func known(
        _ members: [String: JSONValue], _ keys: Set<String>, at path: JSONPath
    ) throws(AssetLinksError) {
        if let unknown = members.keys.sorted().first(where: { !keys.contains($0) }) {
            throw AssetLinksError(.unknownKey(unknown), at: path.description)
        }
    }
}
