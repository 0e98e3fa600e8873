import Waypoint

extension DeepLinkBuilder {
    /// The query parameters by name.
    public var queryParameters: [String: JSONValue] {
        Dictionary(parameters, uniquingKeysWith: { _, last in last })
    }

    /// The query parameters in the order they are written.
    ///
    /// Setting it replaces every parameter; a name given twice keeps its first place and its
    /// last value, and `dpl:json-encoded-fields` is ignored.
    public var orderedQueryParameters: [(key: String, value: JSONValue)] {
        get { parameters }
        set {
            parameters = []
            for (key, value) in newValue {
                store(value, forKey: key)
            }
        }
    }

    /// The query parameter named `key`.
    ///
    /// Setting a value replaces an existing parameter in place or appends a new one; setting
    /// nil removes it. NaN and infinite numbers, anywhere in the value, are stored as the
    /// strings `nan`, `inf` and `-inf`. Writes to `dpl:json-encoded-fields` are ignored.
    ///
    /// - Complexity: O(*n*) in the number of parameters.
    public subscript(key: String) -> JSONValue? {
        get { storedValue(forKey: key) }
        set { store(newValue, forKey: key) }
    }

    /// The query parameter named `key`, as a value of any ``DeepLinkQueryValue`` type:
    /// `builder["seats"] = seats` for an `Int` variable, a `Date`, a `[String]` or your own
    /// type.
    ///
    /// Setting writes the value's ``DeepLinkQueryValue/deepLinkJSONValue`` as the `JSONValue`
    /// subscript does; setting nil removes the parameter. Getting reads the parameter back through ``DeepLinkQueryValue/init(deepLinkJSONValue:)``: nil when it
    /// is absent or is not a form of `Value` (`let seats: Int? = builder["seats"]`).
    ///
    /// - Complexity: O(*n*) in the number of parameters.
    public subscript<Value: DeepLinkQueryValue>(key: String) -> Value? {
        get { storedValue(forKey: key).flatMap(Value.init(deepLinkJSONValue:)) }
        set { store(newValue?.deepLinkJSONValue, forKey: key) }
    }

    /// Sets the query parameter named `key` to the JSON form of `value`, or removes it when
    /// `value` is nil, as the subscript does: `builder.setValue(Date.now, forKey: "sent")`.
    public mutating func setValue(_ value: (any DeepLinkQueryValue)?, forKey key: String) {
        store(value?.deepLinkJSONValue, forKey: key)
    }

    private func storedValue(forKey key: String) -> JSONValue? {
        parameters.first(where: { $0.key == key })?.value
    }

    private mutating func store(_ newValue: JSONValue?, forKey key: String) {
        guard key != QueryKeys.jsonEncodedFields else { return }
        let index = parameters.firstIndex(where: { $0.key == key })
        switch (index, newValue) {
        case (let index?, let value?): parameters[index].value = Self.finite(value)
        case (let index?, nil): parameters.remove(at: index)
        case (nil, let value?): parameters.append((key, Self.finite(value)))
        case (nil, nil): break
        }
    }

    /// `value` with its non-finite numbers replaced by the strings `nan`, `inf` and `-inf`.
    private static func finite(_ value: JSONValue) -> JSONValue {
        switch value {
        case .number(let number) where !number.isFinite: .string(NumberText.query(number))
        case .array(let elements): .array(elements.map(finite))
        case .object(let members): .object(members.mapValues(finite))
        case .string, .number, .bool, .null: value
        }
    }

    /// The query as it is written, without `?`; nil when there are no parameters.
    var encodedQuery: String? {
        var pieces: [String] = []
        var jsonFields: [JSONValue] = []
        for (key, value) in parameters {
            let text: String
            switch value {
            case .string(let string): text = string
            case .number(let number): text = NumberText.query(number)
            case .bool(let flag): text = flag ? "true" : "false"
            case .null: text = ""
            case .array, .object:
                text = value.jsonString
                jsonFields.append(.string(key))
            }
            pieces.append(Self.queryItem(key, text))
        }
        if !jsonFields.isEmpty {
            pieces.append(Self.queryItem(QueryKeys.jsonEncodedFields, JSONValue.array(jsonFields).jsonString))
        }
        return pieces.isEmpty ? nil : pieces.joined(separator: "&")
    }

    private static func queryItem(_ name: String, _ value: String) -> String {
        let encodedName = URICharacters.percentEncode(name, keeping: URICharacters.isUnreserved)
        guard !value.isEmpty else { return encodedName.isEmpty ? "=" : encodedName }
        return encodedName + "=" + URICharacters.percentEncode(value, keeping: URICharacters.isUnreserved)
    }
}
