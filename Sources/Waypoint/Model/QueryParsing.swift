/// Query parsing of Documentation/spec/routing.md §6.
package enum QueryParsing {
    /// The items of `rawQuery` (the query as written, without `?`), in order.
    ///
    /// The query is split on `&`, each piece on its first `=`; name and value are
    /// percent-decoded as UTF-8, keeping text with an invalid escape as written, and `+` stays
    /// `+`. A piece without `=` has the value `""`; empty pieces are skipped. Splitting works
    /// on Unicode scalars, so a combining mark after `&` or `=` cannot hide the delimiter.
    ///
    /// - Complexity: O(*n*) in the length of `rawQuery`.
    package static func items(in rawQuery: Substring) -> [DeepLinkQueryItem] {
        var items: [DeepLinkQueryItem] = []
        for piece in rawQuery.unicodeScalars.split(separator: "&") {
            let piece = Substring(piece)
            if let equals = piece.unicodeScalars.firstIndex(of: "=") {
                let value = piece[piece.unicodeScalars.index(after: equals)...]
                items.append(
                    DeepLinkQueryItem(
                        name: PercentDecoding.decode(piece[..<equals]), value: PercentDecoding.decode(value)))
            } else {
                items.append(DeepLinkQueryItem(name: PercentDecoding.decode(piece), value: ""))
            }
        }
        return items
    }

    /// The dictionary view of `items`: the last value of each name, with JSON fields decoded.
    ///
    /// The fields named by the JSON array in `dpl:json-encoded-fields`, and `al_applink_data`
    /// always, become JSON when their value parses as a JSON array or object, and stay strings
    /// otherwise. `dpl:json-encoded-fields` itself stays a string. A list that is not a JSON
    /// array names nothing, and its elements that are not strings are ignored.
    package static func parameters(from items: [DeepLinkQueryItem]) -> [String: JSONValue] {
        // A link without a query is the common case; it pays for nothing below.
        guard !items.isEmpty else { return [:] }
        var parameters: [String: JSONValue] = [:]
        parameters.reserveCapacity(items.count)
        for item in items {
            parameters[item.name] = .string(item.value)
        }
        for name in jsonFieldNames(in: parameters) {
            guard case .string(let text)? = parameters[name],
                let value = try? JSONValue(parsing: text), value.isContainer
            else { continue }
            parameters[name] = value
        }
        return parameters
    }

    private static func jsonFieldNames(in parameters: [String: JSONValue]) -> Set<String> {
        var names: Set<String> = [QueryKeys.appLinkData]
        if case .string(let list)? = parameters[QueryKeys.jsonEncodedFields],
            case .array(let elements)? = try? JSONValue(parsing: list)
        {
            for case .string(let name) in elements {
                names.insert(name)
            }
        }
        names.remove(QueryKeys.jsonEncodedFields)
        return names
    }
}
