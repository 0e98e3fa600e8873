import Waypoint

/// What kind of JSON value a `Decoder` holds, read from the decoder's own storage through
/// `Mirror` without asking it for a kind and catching the error (behind ``JSONValueReader``).
///
/// A failed request to Foundation's `JSONDecoder` builds its coding path by concatenation, a
/// cost that grows with the square of the depth, and the `Decoder` protocol has no request that
/// tells a value's kind without failing for the other kinds. Foundation's decoder (the
/// swift-foundation implementation, on Linux and on Apple platforms since macOS 14 and iOS 17)
/// keeps the values it is positioned on in a stored array `values` of an enum whose cases are
/// named as JSON's kinds (`string`, `number`, `bool`, `null`, `array`, `object`); reflection
/// reads the last one's case name in a constant time, whatever the depth. This is a hint and
/// nothing more: the reader still asks for the kind it names, through the `Decoder` protocol,
/// so a decoder shaped otherwise (another decoder, another Foundation) gives no hint or a
/// wrong one, and costs only the failed requests it would have cost anyway
/// (Documentation/decisions.md, "JSONValue through JSONDecoder in linear time, whatever the
/// shapes").
enum JSONKindHint {
    /// The kind of the value `decoder` is positioned on, when its storage shows it; nil when
    /// it does not (or the value is `null`, whose case carries nothing).
    static func kind(of decoder: any Decoder) -> JSONValueReader.Kind? {
        guard let storage = Mirror(reflecting: decoder).children.first, storage.label == "values",
            let values = storage.value as? [Any], let current = values.last
        else { return nil }
        let value = Mirror(reflecting: current)
        guard value.displayStyle == .enum, let name = value.children.first?.label else { return nil }
        switch name {
        case "object": return .object
        case "array": return .array
        case "string": return .string
        case "number": return .number
        case "bool": return .bool
        default: return nil
        }
    }
}
