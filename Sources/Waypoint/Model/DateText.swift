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
        let (days, millisecondOfDay) = CivilDate.floorDivision(milliseconds, 86_400_000)
        let (year, month, day) = CivilDate.date(daysSince1970: days)

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
