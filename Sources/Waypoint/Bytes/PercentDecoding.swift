/// Percent-decoding as Documentation/spec/routing.md §4 and §6 use it: every `%HH` becomes a byte and the
/// result is read as UTF-8; when a `%` starts no valid escape, or the bytes are not UTF-8,
/// the text is kept exactly as written. `+` is never a space.
package enum PercentDecoding {
    /// Decodes `source` into `destination`, which has room for `source.count` bytes.
    ///
    /// - Returns: the number of decoded bytes, or nil when the text must be kept as written
    ///   (an invalid escape, or decoded bytes that are not UTF-8). `destination` may then
    ///   hold partial output.
    /// - Complexity: O(n), no allocation.
    static func decode(
        _ source: UnsafeBufferPointer<UInt8>, into destination: UnsafeMutablePointer<UInt8>
    ) -> Int? {
        var read = 0
        var written = 0
        var producedNonASCII = false
        let count = source.count
        while read < count {
            let byte = source[read]
            if byte == UInt8(ascii: "%") {
                guard read + 2 < count,
                    let high = hexValue(source[read + 1]), let low = hexValue(source[read + 2])
                else { return nil }
                let decoded = high << 4 | low
                producedNonASCII = producedNonASCII || decoded >= 0x80
                destination[written] = decoded
                read += 3
            } else {
                destination[written] = byte
                read += 1
            }
            written += 1
        }
        if producedNonASCII && !isValidUTF8(UnsafeBufferPointer(start: destination, count: written)) {
            return nil
        }
        return written
    }

    /// Whether `source` contains a `%`, i.e. whether decoding could change it.
    @inline(__always)
    static func needsDecoding(_ source: UnsafeBufferPointer<UInt8>) -> Bool {
        source.contains(UInt8(ascii: "%"))
    }

    /// Decodes `text`, or returns it unchanged when it holds an invalid escape or the
    /// decoded bytes are not UTF-8.
    package static func decode(_ text: Substring) -> String {
        var text = text
        return text.withUTF8 { source -> String in
            guard needsDecoding(source) else { return String(decoding: source, as: UTF8.self) }
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: source.count) { buffer in
                guard let base = buffer.baseAddress, let length = decode(source, into: base) else {
                    return String(decoding: source, as: UTF8.self)
                }
                return String(decoding: UnsafeBufferPointer(start: base, count: length), as: UTF8.self)
            }
        }
    }

    /// Decodes `text`, or returns it unchanged when it holds an invalid escape or the
    /// decoded bytes are not UTF-8.
    package static func decode(_ text: String) -> String {
        decode(text[...])
    }

    /// The value of the hexadecimal digit `byte` (`0-9`, `a-f`, `A-F`), or nil.
    @inline(__always)
    package static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte &- UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte &- UInt8(ascii: "a") &+ 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte &- UInt8(ascii: "A") &+ 10
        default: nil
        }
    }

    /// Whether `bytes` is well-formed UTF-8 (no overlong forms, surrogates or values above
    /// U+10FFFF), per the Unicode Standard's table 3-7.
    static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var lower: UInt8 = 0x80
            var upper: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; lower = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; upper = 0x9F
            case 0xF0: length = 4; lower = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; upper = 0x8F
            default: return false
            }
            guard index + length <= count else { return false }
            let second = bytes[index + 1]
            guard second >= lower && second <= upper else { return false }
            for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 {
                return false
            }
            index += length
        }
        return true
    }
}
