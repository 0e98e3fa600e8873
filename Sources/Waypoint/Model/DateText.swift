import Foundation

/// ISO 8601 text of dates in UTC, computed without calendars or locales so that it is the
/// same on every platform.
enum DateText {
    /// The largest distance from 1970 that ECMAScript dates allow, in seconds (±275760 years).
    private static let range = 8.64e12

    /// `yyyy-MM-ddTHH:mm:ssZ`, with `.SSS` milliseconds (truncated toward the past) when the
    /// date is not a whole second. Years outside 0...9999 are written with a sign and six
    /// digits (`+012345`, `-000001`), as ECMAScript does. A date beyond ±275760 years is not
    /// a calendar date: it is written as its number of seconds since 1970.
    static func iso8601(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite, seconds.magnitude <= range else { return NumberText.query(seconds) }
        let milliseconds = Int64((seconds * 1000).rounded(.down))
        let (days, millisecondOfDay) = floorDivision(milliseconds, 86_400_000)
        let (year, month, day) = civilDate(daysSince1970: days)

        var text = yearText(year) + "-" + twoDigits(month) + "-" + twoDigits(day) + "T"
        text += twoDigits(millisecondOfDay / 3_600_000) + ":" + twoDigits(millisecondOfDay / 60_000 % 60)
        text += ":" + twoDigits(millisecondOfDay / 1000 % 60)
        let fraction = millisecondOfDay % 1000
        if fraction != 0 {
            let digits = String(fraction)
            text += "." + String(repeating: "0", count: 3 - digits.count) + digits
        }
        return text + "Z"
    }

    private static func floorDivision(_ value: Int64, _ divisor: Int64) -> (quotient: Int64, remainder: Int64)
    {
        let remainder = value % divisor
        return remainder < 0 ? (value / divisor - 1, remainder + divisor) : (value / divisor, remainder)
    }

    /// The proleptic Gregorian date `days` after 1970-01-01, by counting 400-year eras of
    /// 146097 days from 0000-03-01.
    private static func civilDate(daysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = floorDivision(shifted, 146_097).quotient
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    private static func yearText(_ year: Int64) -> String {
        if (0...9999).contains(year) {
            let digits = String(year)
            return String(repeating: "0", count: 4 - digits.count) + digits
        }
        let digits = String(year.magnitude)
        return (year < 0 ? "-" : "+") + String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }

    private static func twoDigits(_ value: Int64) -> String {
        value < 10 ? "0" + String(value) : String(value)
    }
}
