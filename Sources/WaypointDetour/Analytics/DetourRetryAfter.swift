import Foundation

/// Parses the `Retry-After` header: delay seconds or an HTTP date (RFC 9110 §10.2.3).
package enum DetourRetryAfter {
    private static let months = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ]

    /// The wait the header asks for, in seconds from `now` (0 for a date in the past), or nil
    /// when the value is neither a number of seconds nor an HTTP date.
    package static func seconds(_ value: String, now: Date) -> TimeInterval? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if !trimmed.isEmpty, trimmed.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        {
            return Double(trimmed)
        }
        guard let date = httpDate(trimmed) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }

    /// An HTTP date in any of the three forms a recipient must accept: IMF-fixdate
    /// (`Sun, 06 Nov 1994 08:49:37 GMT`), RFC 850 (`Sunday, 06-Nov-94 08:49:37 GMT`) and
    /// asctime (`Sun Nov  6 08:49:37 1994`).
    package static func httpDate(_ text: String) -> Date? {
        let tokens = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "-" })
        var month: Int?
        var numbers: [Substring] = []
        var time: [Int]?
        for token in tokens.dropFirst() {
            if let index = months.firstIndex(of: token.lowercased()) {
                month = index + 1
            } else if token.contains(":") {
                let parts = token.split(separator: ":", omittingEmptySubsequences: false).compactMap {
                    Int($0)
                }
                guard parts.count == 3 else { return nil }
                time = parts
            } else if token.allSatisfy(\.isNumber), token.count <= 4 {
                numbers.append(token)
            } else if token != "GMT" {
                return nil
            }
        }
        guard let month, let time, numbers.count == 2, let day = Int(numbers[0]), var year = Int(numbers[1]),
            (1...31).contains(day), (0...23).contains(time[0]), (0...59).contains(time[1]),
            (0...60).contains(time[2])
        else { return nil }
        if numbers[1].count == 2 {
            year += year < 70 ? 2000 : 1900
        }
        let days = DetourCivilTime.days(year: year, month: month, day: day)
        let seconds = days * 86_400 + time[0] * 3600 + time[1] * 60 + time[2]
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }
}
