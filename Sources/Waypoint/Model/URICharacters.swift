/// RFC 3986 character classes, and percent-encoding with them.
package enum URICharacters {
    package static func isAlpha(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    package static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    package static func isHexDigit(_ byte: UInt8) -> Bool {
        PercentDecoding.hexValue(byte) != nil
    }

    /// `A-Z a-z 0-9 - . _ ~`
    package static func isUnreserved(_ byte: UInt8) -> Bool {
        isAlpha(byte) || isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
    }

    /// `! $ & ' ( ) * + , ; =`
    package static func isSubDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
            UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"),
            UInt8(ascii: "="):
            true
        default:
            false
        }
    }

    /// Characters of a registered host name, besides escapes.
    package static func isRegisteredName(_ byte: UInt8) -> Bool {
        isUnreserved(byte) || isSubDelimiter(byte)
    }

    /// Characters of user information, besides escapes.
    package static func isUserInfo(_ byte: UInt8) -> Bool {
        isRegisteredName(byte) || byte == UInt8(ascii: ":")
    }

    /// Characters of a path (`pchar` and `/`), besides escapes.
    package static func isPath(_ byte: UInt8) -> Bool {
        isUserInfo(byte) || byte == UInt8(ascii: "@") || byte == UInt8(ascii: "/")
    }

    /// Characters of a query or a fragment, besides escapes.
    package static func isQuery(_ byte: UInt8) -> Bool {
        isPath(byte) || byte == UInt8(ascii: "?")
    }

    /// Whether `text` consists of bytes that `allowing` accepts and valid `%HH` escapes.
    package static func isValid(_ text: Substring, allowing: (UInt8) -> Bool) -> Bool {
        var bytes = text.utf8.makeIterator()
        while let byte = bytes.next() {
            if byte == UInt8(ascii: "%") {
                guard let high = bytes.next(), let low = bytes.next(), isHexDigit(high), isHexDigit(low)
                else {
                    return false
                }
            } else if !allowing(byte) {
                return false
            }
        }
        return true
    }

    /// `text` with every UTF-8 byte that `keeping` rejects written as `%HH` (uppercase hex).
    package static func percentEncode(_ text: String, keeping: (UInt8) -> Bool) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if keeping(byte) {
                output.append(byte)
            } else {
                output.append(UInt8(ascii: "%"))
                output.append(hex[Int(byte >> 4)])
                output.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
