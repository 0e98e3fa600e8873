import Waypoint

/// Query decoding like WHATWG `URLSearchParams` (Documentation/spec/detour.md §2.6).
package enum DetourSearchParams {
    /// Decodes a raw query: pieces split on `&` (empty ones skipped), each split at its first
    /// `=` (no `=` gives `""`), then `decodeComponent` on key and value; a repeated key keeps
    /// its last value.
    package static func decode(_ query: Substring) -> [String: String] {
        var params: [String: String] = [:]
        for piece in query.split(separator: "&", omittingEmptySubsequences: true) {
            if let equals = piece.firstIndex(of: "=") {
                params[decodeComponent(piece[..<equals])] = decodeComponent(
                    piece[piece.index(after: equals)...])
            } else {
                params[decodeComponent(piece)] = ""
            }
        }
        return params
    }

    /// `+` becomes a space, then each `%XX` with two hex digits becomes a byte (any other `%`
    /// stays literal), and the bytes are read as UTF-8 with invalid sequences replaced by
    /// U+FFFD.
    package static func decodeComponent(_ text: Substring) -> String {
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "+") {
                output.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), index + 2 < bytes.count,
                let high = PercentDecoding.hexValue(bytes[index + 1]),
                let low = PercentDecoding.hexValue(bytes[index + 2])
            {
                output.append(high << 4 | low)
                index += 3
                continue
            } else {
                output.append(byte)
            }
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }
}
