import Foundation

/// ISO 8601 text of dates in UTC, computed without calendars or locales so that it is the
/// same on every platform. ``date(_:)`` (in `DateText+Reading.swift`) reads it back.
package enum DateText {
    /// The largest distance from 1970 that ECMAScript dates allow, in milliseconds
    /// (±275760 years, 100,000,000 days).
    static let rangeInMilliseconds: Int64 = 8_640_000_000_000_000

    /// The milliseconds from 1970 to 2001, `Date`'s reference date.
    static let referenceDateInMilliseconds: Int64 = 978_307_200_000

    /// `yyyy-MM-ddTHH:mm:ssZ`, with `.SSS` milliseconds (truncated toward the past) when the
    /// date is not a whole second. Years outside 0...9999 are written with a sign and six
    /// digits (`+012345`, `-000001`), as ECMAScript does. A date beyond ±275760 years, NaN
    /// or an infinity is not a calendar date: it is written as its number of seconds since
    /// 1970 (`1e+20`, `nan`), which ``date(_:)`` does not read back.
    package static func iso8601(_ date: Date) -> String {
        guard let milliseconds = milliseconds(since1970: date) else {
            return NumberText.query(date.timeIntervalSince1970)
        }
        let (days, millisecondOfDay) = CivilDate.floorDivision(milliseconds, 86_400_000)
        let (year, month, day) = CivilDate.date(daysSince1970: days)
        // At most `+275760-09-13T00:00:00.000Z`, 27 bytes.
        return String(unsafeUninitializedCapacity: 27) { buffer in
            var count = 0
            func put(_ character: Unicode.Scalar) {
                buffer[count] = UInt8(ascii: character)
                count += 1
            }
            func put(_ value: Int64, digits: Int) {
                var rest = value
                for offset in stride(from: digits - 1, through: 0, by: -1) {
                    buffer[count + offset] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
                count += digits
            }
            if (0...9999).contains(year) {
                put(year, digits: 4)
            } else {
                // Within ±275760 years: six digits.
                put(year < 0 ? "-" : "+")
                put(Int64(year.magnitude), digits: 6)
            }
            put("-")
            put(month, digits: 2)
            put("-")
            put(day, digits: 2)
            put("T")
            put(millisecondOfDay / 3_600_000, digits: 2)
            put(":")
            put(millisecondOfDay / 60_000 % 60, digits: 2)
            put(":")
            put(millisecondOfDay / 1000 % 60, digits: 2)
            if millisecondOfDay % 1000 != 0 {
                put(".")
                put(millisecondOfDay % 1000, digits: 3)
            }
            put("Z")
            return count
        }
    }

    /// The whole milliseconds from 1970 to `date`, truncated toward the past; nil for NaN,
    /// the infinities and dates beyond ±275760 years.
    ///
    /// `Date` holds a `Double` of seconds since 2001, so the date of a whole millisecond is
    /// the nearest `Double` to it, which may lie a hair before it. A date within three units
    /// in the last place of a whole millisecond counts as that millisecond, or as the
    /// neighbour whose nearest `Date` it is where a `Double` no longer tells milliseconds
    /// apart (beyond about ±139,000 years): so every date ``date(_:)`` reads is written as
    /// text that reads back as it. Counting from 2001, not 1970, keeps out the rounding of
    /// `timeIntervalSince1970`'s addition.
    static func milliseconds(since1970 date: Date) -> Int64? {
        let scaled = date.timeIntervalSinceReferenceDate * 1000
        // The bound keeps the conversion to Int64 exact; NaN fails it too.
        guard scaled.magnitude <= 1e16 else { return nil }
        let nearest = scaled.rounded()
        var whole = scaled.rounded(.down)
        if (scaled - nearest).magnitude <= 3 * nearest.ulp {
            whole = nearest
            if Date(timeIntervalSinceReferenceDate: nearest / 1000) != date {
                for candidate in [nearest - 1, nearest + 1]
                where Date(timeIntervalSinceReferenceDate: candidate / 1000) == date {
                    whole = candidate
                    break
                }
            }
        }
        let milliseconds = Int64(whole) + referenceDateInMilliseconds
        return milliseconds.magnitude <= rangeInMilliseconds.magnitude ? milliseconds : nil
    }

    /// The date `milliseconds` after 1970 (before it when negative): the nearest `Date` to it,
    /// rounded once.
    static func date(millisecondsSince1970 milliseconds: Int64) -> Date {
        Date(timeIntervalSinceReferenceDate: Double(milliseconds - referenceDateInMilliseconds) / 1000)
    }
}
