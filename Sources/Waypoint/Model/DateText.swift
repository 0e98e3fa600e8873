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

extension DateText {
    /// Reads the text ``iso8601(_:)`` writes: `yyyy-MM-ddTHH:mm:ssZ` with optional `.SSS`,
    /// the year also as a sign and six digits. Nil for anything else, including a date that
    /// does not exist (`2023-02-29`).
    static func date(iso8601 text: String) -> Date? {
        var bytes = Array(text.utf8)[...]
        var sign: Int64 = 1
        var yearDigits = 4
        if let first = bytes.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
            sign = first == UInt8(ascii: "-") ? -1 : 1
            yearDigits = 6
            bytes = bytes.dropFirst()
        }
        func number(_ count: Int) -> Int64? {
            guard bytes.count >= count else { return nil }
            var value: Int64 = 0
            for byte in bytes.prefix(count) {
                guard byte.isASCIIDigit else { return nil }
                value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            }
            bytes = bytes.dropFirst(count)
            return value
        }
        func expect(_ character: Unicode.Scalar) -> Bool {
            guard bytes.first == UInt8(ascii: character) else { return false }
            bytes = bytes.dropFirst()
            return true
        }
        guard let magnitude = number(yearDigits), expect("-"), let month = number(2), expect("-"),
            let day = number(2), expect("T"), let hour = number(2), expect(":"), let minute = number(2),
            expect(":"), let second = number(2)
        else { return nil }
        var millisecond: Int64 = 0
        if expect(".") {
            guard let fraction = number(3) else { return nil }
            millisecond = fraction
        }
        let year = sign * magnitude
        guard expect("Z"), bytes.isEmpty, (1...12).contains(month), (1...31).contains(day), hour < 24,
            minute < 60, second < 60
        else { return nil }
        let days = CivilDate.daysSince1970(year: year, month: month, day: day)
        guard CivilDate.date(daysSince1970: days) == (year, month, day) else { return nil }
        let milliseconds = ((days * 24 + hour) * 60 + minute) * 60_000 + second * 1000 + millisecond
        guard Double(milliseconds.magnitude) <= range * 1000 else { return nil }
        return Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}
