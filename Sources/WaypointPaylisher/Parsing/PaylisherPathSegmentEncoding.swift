/// Percent-encoding of one text as exactly one URI path segment (spec §5.1, §8).
package enum PaylisherPathSegmentEncoding {
    /// `segment` written as one path segment: every UTF-8 byte outside the RFC 3986
    /// unreserved set `A-Z a-z 0-9 - . _ ~` becomes `%HH` with uppercase hex digits, and the
    /// dot segments `.` and `..` become `%2E` and `%2E%2E` so they cannot move up the path.
    ///
    /// - Complexity: O(n) in the UTF-8 length of `segment`.
    package static func encode(_ segment: String) -> String {
        if segment == "." { return "%2E" }
        if segment == ".." { return "%2E%2E" }
        var encoded: [UInt8] = []
        encoded.reserveCapacity(segment.utf8.count)
        for byte in segment.utf8 {
            if isUnreserved(byte) {
                encoded.append(byte)
            } else {
                encoded.append(UInt8(ascii: "%"))
                encoded.append(hexDigits[Int(byte >> 4)])
                encoded.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }
}
