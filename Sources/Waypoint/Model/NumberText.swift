/// Writes numbers the same way on every platform and in every locale (Documentation/spec/routing.md §7).
///
/// The digits are the shortest that read back as the same `Double`, taken from Swift's own
/// `description` (the Swift runtime's formatter, identical on Linux and Apple platforms, never
/// locale-dependent). They are laid out as ECMAScript's `Number.prototype.toString` lays them
/// out, so the text is what `JSON.stringify` writes:
///
/// - whole numbers below 10^21 in plain digits, without `.0`: `3`, `123456789012`;
/// - other numbers with a decimal exponent from -7 to 20 in positional form: `3.5`, `0.000001`;
/// - everything else in exponent form: `1e+21`, `1e-7`, `1.7976931348623157e+308`;
/// - negative zero as `0`.
package enum NumberText {
    /// The text of a finite `value`; nil for NaN and the infinities, which JSON cannot hold.
    static func finite(_ value: Double) -> String? {
        guard value.isFinite else { return nil }
        return layout(swiftDescription: value.description)
    }

    /// The query text of any `value`: ``finite(_:)``, or `nan`, `inf`, `-inf`.
    package static func query(_ value: Double) -> String {
        if let text = finite(value) { return text }
        if value.isNaN { return "nan" }
        return value < 0 ? "-inf" : "inf"
    }

    /// Lays out the digits of a finite value's Swift description, such as `1.5e-07`, `-0.0`
    /// or `123456789012.0`.
    private static func layout(swiftDescription: String) -> String {
        var text = Substring(swiftDescription)
        let negative = text.first == "-"
        if negative { text = text.dropFirst() }

        var exponent = 0
        if let marker = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            exponent = Int(text[text.index(after: marker)...]) ?? 0
            text = text[..<marker]
        }
        let integerPart: Substring
        let fractionPart: Substring
        if let point = text.firstIndex(of: ".") {
            integerPart = text[..<point]
            fractionPart = text[text.index(after: point)...]
        } else {
            integerPart = text
            fractionPart = ""
        }

        // value = 0.d1d2d3… × 10^position
        var digits = Array((integerPart + fractionPart).utf8)
        var position = integerPart.utf8.count + exponent
        let leadingZeros = digits.prefix(while: { $0 == UInt8(ascii: "0") }).count
        digits.removeFirst(leadingZeros)
        position -= leadingZeros
        while digits.last == UInt8(ascii: "0") { digits.removeLast() }
        guard !digits.isEmpty else { return "0" }

        var result = negative ? "-" : ""
        let count = digits.count
        let digitText = String(decoding: digits, as: UTF8.self)
        if count <= position && position <= 21 {
            result += digitText + String(repeating: "0", count: position - count)
        } else if 0 < position && position <= 21 {
            result +=
                String(decoding: digits[..<position], as: UTF8.self) + "."
                + String(decoding: digits[position...], as: UTF8.self)
        } else if -6 < position && position <= 0 {
            result += "0." + String(repeating: "0", count: -position) + digitText
        } else {
            result += String(decoding: digits[..<1], as: UTF8.self)
            if count > 1 { result += "." + String(decoding: digits[1...], as: UTF8.self) }
            let shown = position - 1
            result += (shown < 0 ? "e-" : "e+") + String(shown.magnitude)
        }
        return result
    }
}
