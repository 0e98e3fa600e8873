import Foundation

// How a date parameter is read (Documentation/decisions.md, "Date parameters: what a link's
// text may say"). Every date read is finite, within ±275760 years of 1970, and a whole number
// of milliseconds, so it prints, compares and is written back as the text it was read from.

extension DateText {
    /// The longest text of any accepted form: `+275760-09-13T00:00:00.123456789+00:00`.
    private static let longestText = 38

    /// The most digits an epoch number may have before its point: up to 99,999,999,999
    /// seconds (the years −1199 to 5138), so that milliseconds since 1970 for any date after
    /// March 1973, which have twelve digits or more, read as no date rather than one tens of
    /// thousands of years away.
    private static let epochIntegerDigits = 11

    /// The most digits of a fraction of a second; those past the third are dropped.
    private static let fractionDigits = 9

    /// The date `text` spells, or nil. Accepted, exactly (no spaces, ASCII digits only):
    ///
    /// - an ISO 8601 date-time, `yyyy-MM-ddTHH:mm:ss`, an optional `.` and one to nine digits
    ///   of a second, and `Z` or an offset `±hh:mm` or `±hhmm` from UTC, the instant it names:
    ///   `2024-03-01T12:30:00Z`, `2024-03-01T13:30:00.250+01:00`;
    /// - an ISO 8601 date alone, `yyyy-MM-dd`: midnight UTC that day;
    /// - a year of four digits, or of a sign and six digits (`+010000`, `-000001`; not
    ///   `-000000`), as ``iso8601(_:)`` writes years outside 0...9999;
    /// - seconds since 1970 in decimal: an optional `-`, one to eleven digits, and an optional
    ///   `.` and one to nine digits (`1709296200`, `-0.5`).
    ///
    /// Fractions are truncated toward the past to whole milliseconds, the precision the writer
    /// and ECMAScript keep. Nil for anything else: days that do not exist (`2023-02-29`),
    /// `24:00`, leap seconds (`23:59:60`), a time without an offset, lowercase `t` or `z`,
    /// exponents, hexadecimal, `nan`, `inf`, and dates beyond ±275760 years of 1970.
    package static func date(_ text: String) -> Date? {
        guard text.utf8.count <= longestText else { return nil }
        let bytes = Array(text.utf8)
        var iso = Scanner(bytes: bytes)
        var epoch = Scanner(bytes: bytes)
        guard let milliseconds = iso.iso8601() ?? epoch.epochSeconds() else { return nil }
        return date(millisecondsSince1970: milliseconds)
    }

    /// A cursor over the bytes of a date's text.
    private struct Scanner {
        let bytes: [UInt8]
        var position = 0

        var isAtEnd: Bool { position == bytes.count }

        /// Consumes `character` when it comes next.
        mutating func take(_ character: Unicode.Scalar) -> Bool {
            guard position < bytes.count, bytes[position] == UInt8(ascii: character) else { return false }
            position += 1
            return true
        }

        /// Consumes exactly `count` ASCII digits and gives their value.
        mutating func digits(_ count: Int) -> Int64? {
            guard bytes.count - position >= count else { return nil }
            var value: Int64 = 0
            for byte in bytes[position..<position + count] {
                guard byte.isASCIIDigit else { return nil }
                value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            }
            position += count
            return value
        }

        /// Consumes one to `limit` ASCII digits and gives their value and count.
        mutating func digits(upTo limit: Int) -> (value: Int64, count: Int)? {
            var value: Int64 = 0
            var count = 0
            while position < bytes.count, bytes[position].isASCIIDigit {
                guard count < limit else { return nil }
                value = value * 10 + Int64(bytes[position] - UInt8(ascii: "0"))
                count += 1
                position += 1
            }
            return count == 0 ? nil : (value, count)
        }

        /// Consumes `.` and one to nine digits when a `.` comes next: the whole milliseconds
        /// they spell, and whether digits past the third were not all zero. Nil for a `.`
        /// without digits or with more than nine.
        mutating func fraction() -> (milliseconds: Int64, remainder: Bool)? {
            guard take(".") else { return (0, false) }
            guard let (value, count) = digits(upTo: DateText.fractionDigits) else { return nil }
            var scale: Int64 = 1
            for _ in count..<DateText.fractionDigits { scale *= 10 }
            let nanoseconds = value * scale
            return (nanoseconds / 1_000_000, nanoseconds % 1_000_000 != 0)
        }

        /// An ISO 8601 date, or date-time with an offset, as milliseconds since 1970.
        mutating func iso8601() -> Int64? {
            var yearDigits = 4
            var sign: Int64 = 1
            if take("+") {
                yearDigits = 6
            } else if take("-") {
                yearDigits = 6
                sign = -1
            }
            guard let magnitude = digits(yearDigits), sign == 1 || magnitude != 0, take("-"),
                let month = digits(2), take("-"), let day = digits(2), (1...12).contains(month), day >= 1
            else { return nil }
            let year = sign * magnitude
            let days = CivilDate.daysSince1970(year: year, month: month, day: day)
            // A day past the month's end lands in the next month.
            guard CivilDate.date(daysSince1970: days) == (year, month, day) else { return nil }
            var milliseconds = days * 86_400_000
            if !isAtEnd {
                guard take("T"), let hour = digits(2), take(":"), let minute = digits(2), take(":"),
                    let second = digits(2), hour < 24, minute < 60, second < 60,
                    let (fraction, _) = fraction(), let offset = offsetMinutes(), isAtEnd
                else { return nil }
                milliseconds += ((hour * 60 + minute - offset) * 60 + second) * 1000 + fraction
            }
            return milliseconds.magnitude <= DateText.rangeInMilliseconds.magnitude ? milliseconds : nil
        }

        /// `Z` (0), or `±hh:mm` / `±hhmm` as minutes east of UTC.
        mutating func offsetMinutes() -> Int64? {
            if take("Z") { return 0 }
            let sign: Int64
            if take("+") {
                sign = 1
            } else if take("-") {
                sign = -1
            } else {
                return nil
            }
            guard let hours = digits(2) else { return nil }
            _ = take(":")
            guard let minutes = digits(2), hours < 24, minutes < 60 else { return nil }
            return sign * (hours * 60 + minutes)
        }

        /// Seconds since 1970 in decimal, as milliseconds since 1970, truncated toward the
        /// past.
        mutating func epochSeconds() -> Int64? {
            let negative = take("-")
            guard let (seconds, _) = digits(upTo: DateText.epochIntegerDigits),
                let (fraction, remainder) = fraction(), isAtEnd
            else { return nil }
            let magnitude = seconds * 1000 + fraction
            return negative ? -magnitude - (remainder ? 1 : 0) : magnitude
        }
    }
}
