/// The character rule of Documentation/spec/detour.md §2.2: route text is never percent-decoded, and only
/// characters that may not appear in a URL are percent-encoded (UTF-8, upper-case hex):
/// U+0000–U+001F, space, `"`, `<`, `>`, `\`, `^`, `` ` ``, `{`, `|`, `}`, U+007F and every
/// non-ASCII character. Everything else, `%` included, is copied as written.
package enum DetourRouteEncoding {
    /// Encodes `text` by the rule above.
    /// - Complexity: O(n) over the UTF-8 bytes.
    package static func encode(_ text: Substring) -> String {
        guard text.utf8.contains(where: needsEncoding) else { return String(text) }
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            if needsEncoding(byte) {
                output.append(UInt8(ascii: "%"))
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0x0F)])
            } else {
                output.append(byte)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Encodes `text` by the rule above.
    package static func encode(_ text: String) -> String {
        encode(text[...])
    }

    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

    /// Whether a UTF-8 byte must be escaped. Every byte of a non-ASCII character is ≥ 0x80,
    /// so escaping those bytes one by one encodes the character as UTF-8.
    private static func needsEncoding(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x00...0x20, 0x7F...0xFF: true
        case UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\\"), UInt8(ascii: "^"),
            UInt8(ascii: "`"), UInt8(ascii: "{"), UInt8(ascii: "|"), UInt8(ascii: "}"):
            true
        default: false
        }
    }
}
