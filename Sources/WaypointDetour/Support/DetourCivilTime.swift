import Foundation
import Waypoint

/// UTC time text for the millisecond timestamps of analytics bodies and the dates of
/// `Retry-After`, on the core's ``CivilDate`` arithmetic, without `Calendar` or formatters.
package enum DetourCivilTime {
    /// Days since 1970-01-01 of the given date (month 1–12).
    package static func days(year: Int, month: Int, day: Int) -> Int {
        Int(CivilDate.daysSince1970(year: Int64(year), month: Int64(month), day: Int64(day)))
    }

    /// The date (year, month 1–12, day) of a day count since 1970-01-01.
    package static func civilDate(days: Int) -> (year: Int, month: Int, day: Int) {
        let date = CivilDate.date(daysSince1970: Int64(days))
        return (Int(date.year), Int(date.month), Int(date.day))
    }

    /// Milliseconds since the Unix epoch, rounded to the nearest millisecond (`Date` keeps
    /// its time relative to 2001, so a whole millisecond can come back a hair below itself).
    package static func epochMilliseconds(_ date: Date) -> Int64 {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        guard milliseconds.isFinite else { return 0 }
        return Int64(max(min(milliseconds, 9.0e15), -9.0e15))
    }

    /// `date` as ISO 8601 in UTC with milliseconds, e.g. `2026-01-02T03:04:05.678Z`.
    package static func iso8601Milliseconds(_ date: Date) -> String {
        let milliseconds = epochMilliseconds(date)
        let perDay: Int64 = 86_400_000
        var days = milliseconds / perDay
        var remainder = milliseconds % perDay
        if remainder < 0 {
            remainder += perDay
            days -= 1
        }
        let civil = civilDate(days: Int(days))
        let hours = remainder / 3_600_000
        let minutes = remainder / 60_000 % 60
        let seconds = remainder / 1000 % 60
        let millis = remainder % 1000
        return "\(pad(civil.year, 4))-\(pad(civil.month, 2))-\(pad(civil.day, 2))T"
            + "\(pad(Int(hours), 2)):\(pad(Int(minutes), 2)):\(pad(Int(seconds), 2)).\(pad(Int(millis), 3))Z"
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(abs(value))
        let padded = String(repeating: "0", count: max(0, width - digits.count)) + digits
        return value < 0 ? "-" + padded : padded
    }
}
