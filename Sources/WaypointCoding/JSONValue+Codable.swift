import Waypoint

extension JSONValue: Codable {
    /// Decodes a JSON value from any decoder: `null`, a Boolean, a number, a string, an
    /// array or an object.
    ///
    /// An integer beyond ±2^53 that `Int64` or `UInt64` holds, such as `9007199254740993`
    /// from a `JSONDecoder`, is decoded as its exact digits in a string, as
    /// `init(encoding:maximumDepth:)` writes large integers. A number beyond that range
    /// (`18446744073709551617`, a hundred nines) becomes the nearest `Double`, as
    /// `init(parsing:maximumDepth:)` reads it: a `Decoder` offers no way to read a number's
    /// digits. When an object repeats a key, the decoder decides which value is read
    /// (`JSONDecoder` keeps the first, as `init(parsing:maximumDepth:)` does). Arrays and
    /// objects may nest at most `defaultMaximumDepth` levels below the decoder's position.
    ///
    /// - Throws: `DecodingError` when the decoder holds none of these, or nests too deeply.
    /// - Complexity: Linear in the size of the value for `JSONDecoder`, whatever its shapes:
    ///   the value is read through its containers, guessing each value's kind from its
    ///   neighbours, and where a wrong guess (which rebuilds the decoder's coding path, at a
    ///   cost of the square of the depth) would cost more than the reads so far have earned,
    ///   the kind is read from the decoder's storage instead (the core documentation's
    ///   "Hostile input" article).
    public init(from decoder: any Decoder) throws {
        if let own = decoder as? JSONValueDecoder {
            self = own.value
            return
        }
        var reader = JSONValueReader(maximumDepth: Self.defaultMaximumDepth)
        self = try reader.read(decoder, slot: JSONValueReader.Slot(depth: 0, name: nil))
    }

    /// Encodes the value into any encoder: strings, numbers, Booleans and `null` as single
    /// values, arrays and objects as unkeyed and keyed containers (a non-finite number as the
    /// string `nan`, `inf` or `-inf`).
    ///
    /// - Throws: `EncodingError` when arrays and objects would nest deeper than
    ///   `defaultMaximumDepth` levels, counted along the encoder's coding path.
    public func encode(to encoder: any Encoder) throws {
        if let own = encoder as? JSONValueEncoder {
            var container = own.singleValueContainer()
            try container.encode(self)
            return
        }
        if isContainer && encoder.codingPath.count >= Self.defaultMaximumDepth {
            throw JSONValueEncoder.tooDeep(self, encoder.codingPath, Self.defaultMaximumDepth)
        }
        switch self {
        case .string(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        case .number(let number):
            var container = encoder.singleValueContainer()
            if number.isFinite {
                try container.encode(number)
            } else {
                try container.encode(NumberText.query(number))
            }
        case .bool(let flag):
            var container = encoder.singleValueContainer()
            try container.encode(flag)
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements {
                try container.encode(element)
            }
        case .object(let members):
            var container = encoder.container(keyedBy: JSONMemberKey.self)
            for (key, member) in members {
                try container.encode(member, forKey: JSONMemberKey(key))
            }
        }
    }
}

extension JSONValue {
    /// Decodes a `Decodable` value from this JSON value, as `JSONDecoder` decodes one from
    /// JSON text: `let ride = try link.queryParameters["ride"]?.decode(Ride.self)`.
    ///
    /// No number is rounded: an integer property decodes from a number only when the number
    /// is exactly an integer of that type, and also from a string of decimal digits (how
    /// `init(encoding:maximumDepth:)` and `DeepLinkBuilder` write integers beyond
    /// ±2^53). A `Double` or `Float` also decodes from the strings `nan`, `inf` and `-inf`, a
    /// `Date` from a string that `Date(deepLinkJSONValue:)` reads (ISO 8601, as the builder
    /// writes dates, or seconds since 1970), and a `URL` from its absolute string. Where the type asks for an object or an array (a struct, an array, a
    /// dictionary) and the value is a string whose text is the JSON of one, such as
    /// `?cart={"items":[…]}` from a web page, the text is parsed (within the depth left) and
    /// read: `link.queryParameters["cart"]?.decode(Cart.self)` works whether or not the
    /// link lists `cart` in `dpl:json-encoded-fields`. Text that is not valid JSON throws
    /// `DecodingError.dataCorrupted`. Other values decode only from their own JSON kind.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - maximumDepth: The deepest nesting of arrays and objects the decoding may open;
    ///     `defaultMaximumDepth` unless given.
    /// - Throws: `DecodingError` naming the coding path of the first problem; an error that
    ///   the type's own `init(from:)` throws is wrapped as `DecodingError.dataCorrupted` with
    ///   that error as its underlying error.
    public func decode<Value: Decodable>(
        _ type: Value.Type = Value.self, maximumDepth: Int = JSONValue.defaultMaximumDepth
    ) throws(DecodingError) -> Value {
        do {
            return try JSONValueDecoder.decode(self, as: type, codingPath: [], maximumDepth: maximumDepth)
        } catch let error as DecodingError {
            throw error
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: [], debugDescription: "\(error)", underlyingError: error))
        }
    }

    /// Encodes an `Encodable` value into a JSON value, as `JSONEncoder` encodes one into
    /// JSON text: `builder["ride"] = try JSONValue(encoding: ride)`.
    ///
    /// Scalars take the JSON form `DeepLinkQueryValue` gives them, so nothing is rounded and
    /// `decode(_:maximumDepth:)` reads the value back: integers within ±2^53 as numbers and
    /// beyond it as strings of their exact digits; NaN and the infinities as the strings
    /// `nan`, `inf` and `-inf`; a `Date` as ISO 8601 text; a `URL` as its absolute string.
    /// An optional property that is nil is left out, as `JSONEncoder` leaves it out.
    ///
    /// - Parameters:
    ///   - value: The value to encode.
    ///   - maximumDepth: The deepest nesting of arrays and objects the result may have;
    ///     `defaultMaximumDepth` unless given.
    /// - Throws: `EncodingError.invalidValue` when the result would nest too deeply; an error
    ///   that the value's own `encode(to:)` throws is wrapped as `EncodingError.invalidValue`
    ///   with that error as its underlying error.
    public init(
        encoding value: some Encodable, maximumDepth: Int = JSONValue.defaultMaximumDepth
    )
        throws(EncodingError)
    {
        let slot = JSONValueEncoder.Slot()
        do {
            try JSONValueEncoder.encode(
                value, into: slot, codingPath: [],
                context: JSONValueEncoder.Context(maximumDepth: maximumDepth))
        } catch let error as EncodingError {
            throw error
        } catch {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(codingPath: [], debugDescription: "\(error)", underlyingError: error))
        }
        self = slot.value
    }

    /// How deeply arrays and objects nest in this value: 0 for a scalar, 1 for `[]` or
    /// `[1]`, 2 for `[[1]]`. Computed without recursion.
    var nestingDepth: Int {
        var deepest = 0
        var pending: [(value: JSONValue, depth: Int)] = [(self, 0)]
        while let (value, depth) = pending.popLast() {
            switch value {
            case .array(let elements):
                deepest = max(deepest, depth + 1)
                pending.append(contentsOf: elements.map { ($0, depth + 1) })
            case .object(let members):
                deepest = max(deepest, depth + 1)
                pending.append(contentsOf: members.values.map { ($0, depth + 1) })
            case .string, .number, .bool, .null:
                break
            }
        }
        return deepest
    }
}

/// Any object member name, as a coding key.
struct JSONMemberKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { stringValue = String(intValue) }
}
