// Where `JSONValue(encoding:)` and `decode(_:)` went: the WaypointCoding product, so that an
// app that only routes links carries no `Decoder` and `Encoder` it never calls
// (Documentation/decisions.md, "Codable is its own product"). These declarations are never
// called: they only make the compiler name the import a call needs. With `import
// WaypointCoding`, the available declarations of the same name are chosen over them.

extension JSONValue {
    /// Decodes a `Decodable` value: with `import WaypointCoding` (the WaypointCoding product).
    @available(
        *, unavailable,
        message: "add `import WaypointCoding` (the WaypointCoding product) to decode a JSONValue"
    )
    public func decode<Value: Decodable>(
        _ type: Value.Type = Value.self, maximumDepth: Int = JSONValue.defaultMaximumDepth
    ) throws(DecodingError) -> Value {
        fatalError("unavailable: the WaypointCoding product decodes a JSONValue")
    }

    /// Encodes an `Encodable` value: with `import WaypointCoding` (the WaypointCoding product).
    @available(
        *, unavailable,
        message: "add `import WaypointCoding` (the WaypointCoding product) to encode a value as a JSONValue"
    )
    public init(
        encoding value: some Encodable, maximumDepth: Int = JSONValue.defaultMaximumDepth
    ) throws(EncodingError) {
        fatalError("unavailable: the WaypointCoding product encodes a JSONValue")
    }
}
