/// ASCII-only text helpers: the spec's comparisons are ASCII-case-insensitive, never
/// Unicode-case-insensitive, so `İ` or the Kelvin sign never match a Latin letter.
package enum PaylisherASCII {
    /// `text` with `A`–`Z` replaced by `a`–`z`; every other character is kept.
    package static func lowercased(_ text: some StringProtocol) -> String {
        String(
            decoding: text.utf8.map { byte in
                (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
            }, as: UTF8.self)
    }

    /// Whether `text` equals `other` when `A`–`Z` and `a`–`z` are not told apart.
    package static func equalsIgnoringCase(_ text: some StringProtocol, _ other: some StringProtocol) -> Bool
    {
        text.utf8.count == other.utf8.count && lowercased(text) == lowercased(other)
    }
}
