import Foundation

extension NamedParameters {
    /// The parameter `name` converted to `Value` with `init?(_: String)`; nil when it is
    /// absent or its text does not convert (`"abc"` as an `Int`).
    public func get<Value: LosslessStringConvertible>(
        _ name: String, as type: Value.Type = Value.self
    ) -> Value? {
        self[name].flatMap(Value.init)
    }

    /// The parameter `name` as the case of `Value` whose raw value it spells; nil when it is
    /// absent or names no case.
    public func get<Value: RawRepresentable>(_ name: String, as type: Value.Type = Value.self) -> Value?
    where Value.RawValue: LosslessStringConvertible {
        self[name].flatMap(Self.rawRepresentable)
    }

    /// The parameter `name` read with `init?(_: String)`, for a type that is both
    /// `RawRepresentable` and `LosslessStringConvertible` (its text form decides).
    public func get<Value: RawRepresentable & LosslessStringConvertible>(
        _ name: String, as type: Value.Type = Value.self
    ) -> Value? where Value.RawValue: LosslessStringConvertible {
        self[name].flatMap(Value.init)
    }

    /// The parameter `name` as a floating-point number written in decimal: an optional `-`,
    /// digits, and optionally `.` and more digits (`42`, `-0.5`, `12.50`), whose value is
    /// finite; nil otherwise. `nan`, `inf`, `0x1F`, `1e3`, `+1`, `.5` and `1.` are not
    /// numbers a link carries, so they do not convert (Documentation/decisions.md).
    public func get<Value: BinaryFloatingPoint & LosslessStringConvertible>(
        _ name: String, as type: Value.Type = Value.self
    ) -> Value? {
        self[name].flatMap(Self.finiteDecimal)
    }

    /// The parameter `name` as a UUID in its standard text form
    /// (`E621E1F8-C36C-495A-93FC-0C247A3E6E5F`, either case); nil when absent or malformed.
    public func get(_ name: String, as type: UUID.Type = UUID.self) -> UUID? {
        self[name].flatMap(UUID.init(uuidString:))
    }

    /// The parameter `name` as a URL, as `URL(string:)` reads it; nil when absent or when
    /// Foundation reads no URL from it.
    public func get(_ name: String, as type: URL.Type = URL.self) -> URL? {
        self[name].flatMap { URL(string: $0) }
    }

    /// The parameter `name` as a date; nil when absent or not one of these spellings:
    ///
    /// - ISO 8601 with `Z` or an offset from UTC, `±hh:mm` or `±hhmm`, and optionally one to
    ///   nine digits of a second: `2024-03-01T12:30:00Z`, `2024-03-01T13:30:00.250+01:00`
    ///   (`DeepLinkBuilder` writes the first form, with milliseconds when there are some);
    /// - a day alone, `2024-03-01`: midnight UTC;
    /// - seconds since 1970 in decimal: `1709296200`, `-0.5` (an optional `-`, at most eleven
    ///   digits before the point, at most nine after).
    ///
    /// Fractions are truncated to milliseconds. Every date returned is finite, prints, and
    /// lies within ±275760 years of 1970. `nan`, `inf`, `1e9`, `0x10`, spaces, days that do
    /// not exist (`2023-02-29`), `24:00`, leap seconds (`23:59:60`), a time without an offset
    /// and milliseconds since 1970 (twelve digits and more) are not dates
    /// (Documentation/decisions.md).
    public func get(_ name: String, as type: Date.Type = Date.self) -> Date? {
        self[name].flatMap(DateText.date)
    }

    /// The parameter `name` converted to `Value` with `init?(_: String)`.
    ///
    /// - Throws: ``ParameterError/missing(name:type:)`` when there is no such parameter,
    ///   ``ParameterError/invalid(name:value:type:)`` when its text does not convert.
    public func require<Value: LosslessStringConvertible>(
        _ name: String, as type: Value.Type = Value.self
    ) throws(ParameterError) -> Value {
        try require(name, converting: Value.init)
    }

    /// The parameter `name` as the case of `Value` whose raw value it spells.
    ///
    /// - Throws: ``ParameterError`` when it is absent or names no case.
    public func require<Value: RawRepresentable>(
        _ name: String, as type: Value.Type = Value.self
    ) throws(ParameterError) -> Value where Value.RawValue: LosslessStringConvertible {
        try require(name, converting: Self.rawRepresentable)
    }

    /// The parameter `name` read with `init?(_: String)`, for a type that is both
    /// `RawRepresentable` and `LosslessStringConvertible`.
    ///
    /// - Throws: ``ParameterError`` when it is absent or does not convert.
    public func require<Value: RawRepresentable & LosslessStringConvertible>(
        _ name: String, as type: Value.Type = Value.self
    ) throws(ParameterError) -> Value where Value.RawValue: LosslessStringConvertible {
        try require(name, converting: Value.init)
    }

    /// The parameter `name` as a floating-point number written in decimal (see
    /// `get(_:as:)` with a `BinaryFloatingPoint` type): an optional
    /// `-`, digits, and optionally `.` and more digits, with a finite value.
    ///
    /// - Throws: ``ParameterError`` when it is absent or is not such a number (`nan`, `inf`,
    ///   `0x1F`, `1e3`, or a value too large for `Value`).
    public func require<Value: BinaryFloatingPoint & LosslessStringConvertible>(
        _ name: String, as type: Value.Type = Value.self
    ) throws(ParameterError) -> Value {
        try require(name, converting: Self.finiteDecimal)
    }

    /// The parameter `name` as a UUID in its standard text form.
    ///
    /// - Throws: ``ParameterError`` when it is absent or not a UUID.
    public func require(_ name: String, as type: UUID.Type = UUID.self) throws(ParameterError) -> UUID {
        try require(name, converting: UUID.init(uuidString:))
    }

    /// The parameter `name` as a URL, as `URL(string:)` reads it.
    ///
    /// - Throws: ``ParameterError`` when it is absent or Foundation reads no URL from it.
    public func require(_ name: String, as type: URL.Type = URL.self) throws(ParameterError) -> URL {
        try require(name, converting: { URL(string: $0) })
    }

    /// The parameter `name` as a date, as ``get(_:as:)-(_,Date.Type)`` reads it.
    ///
    /// - Throws: ``ParameterError`` when it is absent or not such a date.
    public func require(_ name: String, as type: Date.Type = Date.self) throws(ParameterError) -> Date {
        try require(name, converting: DateText.date)
    }

    /// The one conversion every typed accessor goes through.
    private func require<Value>(
        _ name: String, converting convert: (String) -> Value?
    ) throws(ParameterError) -> Value {
        guard let text = self[name] else {
            throw .missing(name: name, type: String(describing: Value.self))
        }
        guard let value = convert(text) else {
            throw .invalid(name: name, value: text, type: String(describing: Value.self))
        }
        return value
    }

    /// `text` as a finite decimal number: `-?[0-9]+(\.[0-9]+)?`, whose value `Value` holds
    /// as a finite number.
    static func finiteDecimal<Value: BinaryFloatingPoint & LosslessStringConvertible>(
        _ text: String
    ) -> Value? {
        var bytes = text.utf8[...]
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        let isDigit = { (byte: UInt8) in byte &- UInt8(ascii: "0") < 10 }
        let whole = bytes.prefix(while: isDigit)
        guard !whole.isEmpty else { return nil }
        let rest = bytes.dropFirst(whole.count)
        if let dot = rest.first {
            let fraction = rest.dropFirst()
            guard dot == UInt8(ascii: "."), !fraction.isEmpty, fraction.allSatisfy(isDigit) else {
                return nil
            }
        }
        guard let value = Value(text), value.isFinite else { return nil }
        return value
    }

    /// The case of `Value` whose raw value `text` spells.
    private static func rawRepresentable<Value: RawRepresentable>(_ text: String) -> Value?
    where Value.RawValue: LosslessStringConvertible {
        Value.RawValue(text).flatMap(Value.init(rawValue:))
    }
}
