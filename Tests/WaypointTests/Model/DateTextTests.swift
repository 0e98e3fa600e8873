import Foundation
import Testing

@testable import Waypoint
@testable import WaypointLinkBuilder

/// A `Date` parameter is a real, finite, printable date or nil, whatever
/// the text; the spellings it reads (Documentation/decisions.md, "Date parameters: what a
/// link's text may say"); and every date the writer prints reads back as the same date.
@Suite("Date parameters: real, finite, printable dates or nil")
struct DateTextTests {
    /// Text a date parameter reads, and the milliseconds since 1970 it names.
    struct Accepted: CustomTestStringConvertible, Sendable {
        var text: String
        var milliseconds: Int64
        var testDescription: String { text }

        init(_ text: String, _ milliseconds: Int64) {
            self.text = text
            self.milliseconds = milliseconds
        }
    }

    static let accepted: [Accepted] = [
        // ISO 8601 in UTC, as the builder writes it.
        Accepted("2024-03-01T12:30:00Z", 1_709_296_200_000),
        Accepted("2024-03-01T12:30:00.250Z", 1_709_296_200_250),
        Accepted("1970-01-01T00:00:00Z", 0),
        Accepted("1969-12-31T23:59:59.500Z", -500),
        Accepted("2000-02-29T00:00:00Z", 951_782_400_000),
        Accepted("0000-01-01T00:00:00Z", -62_167_219_200_000),
        Accepted("-000001-12-31T00:00:00Z", -62_167_305_600_000),
        Accepted("+010000-01-01T00:00:00Z", 253_402_300_800_000),
        Accepted("+002024-03-01T12:30:00Z", 1_709_296_200_000),
        // The ends of the range, ±100,000,000 days from 1970, reached with and without offsets.
        Accepted("+275760-09-13T00:00:00Z", 8_640_000_000_000_000),
        Accepted("-271821-04-20T00:00:00Z", -8_640_000_000_000_000),
        Accepted("+275760-09-13T01:00:00+01:00", 8_640_000_000_000_000),
        Accepted("-271821-04-19T23:00:00-01:00", -8_640_000_000_000_000),
        // Offsets from UTC, converted to the instant.
        Accepted("2024-03-01T13:30:00.250+01:00", 1_709_296_200_250),
        Accepted("2024-03-01T07:00:00-0530", 1_709_296_200_000),
        Accepted("2024-03-01T12:30:00+00:00", 1_709_296_200_000),
        Accepted("2024-03-01T12:30:00-00:00", 1_709_296_200_000),
        Accepted("2024-03-01T23:59:59+23:59", 1_709_251_259_000),
        Accepted("2024-03-01T00:00:00-23:59", 1_709_337_540_000),
        // Fractions of a second: one to nine digits, truncated to milliseconds.
        Accepted("2024-03-01T12:30:00.5Z", 1_709_296_200_500),
        Accepted("2024-03-01T12:30:00.05Z", 1_709_296_200_050),
        Accepted("2024-03-01T12:30:00.123456789Z", 1_709_296_200_123),
        Accepted("2024-03-01T12:30:00.999999999Z", 1_709_296_200_999),
        Accepted("2024-03-01T12:30:00.000Z", 1_709_296_200_000),
        Accepted("1969-12-31T23:59:59.9999Z", -1),
        // A day alone: midnight UTC. Leap days exist in leap years only.
        Accepted("2024-03-01", 1_709_251_200_000),
        Accepted("2024-02-29", 1_709_164_800_000),
        Accepted("2000-02-29", 951_782_400_000),
        Accepted("+010000-01-01", 253_402_300_800_000),
        Accepted("-271821-04-20", -8_640_000_000_000_000),
        // Seconds since 1970 in decimal, truncated toward the past to milliseconds.
        Accepted("0", 0),
        Accepted("-0", 0),
        Accepted("12", 12_000),
        Accepted("1709296200", 1_709_296_200_000),
        Accepted("1709296200.25", 1_709_296_200_250),
        Accepted("-1.5", -1_500),
        Accepted("-1.0005", -1_001),
        Accepted("0.0009", 0),
        Accepted("-0.0009", -1),
        Accepted("00000000001", 1_000),
        Accepted("99999999999", 99_999_999_999_000),
        Accepted("-99999999999.999999999", -100_000_000_000_000),
    ]

    /// What `Date(timeIntervalSince1970:)` has long printed without trapping, checked for
    /// every date a parameter gives: it prints, is finite, and compares.
    static func expectUsable(_ date: Date, _ text: String, sourceLocation: SourceLocation = #_sourceLocation)
    {
        #expect(date.timeIntervalSince1970.isFinite, "\(text)", sourceLocation: sourceLocation)
        #expect(!"\(date)".isEmpty, "\(text)", sourceLocation: sourceLocation)
        #expect(!date.description.isEmpty, "\(text)", sourceLocation: sourceLocation)
        #expect(date == date && !(date < date) && !(date > date), "\(text)", sourceLocation: sourceLocation)
        let later = date.addingTimeInterval(1)
        #expect(date < later && later > date, "\(text)", sourceLocation: sourceLocation)
    }

    @Test("a date parameter reads each accepted spelling as the instant it names", arguments: accepted)
    func acceptedText(_ example: Accepted) throws {
        let parameters: RouteParameters = ["d": example.text]
        let date = try #require(parameters.get("d", as: Date.self))
        #expect(DateText.milliseconds(since1970: date) == example.milliseconds)
        #expect(date == DateText.date(millisecondsSince1970: example.milliseconds))
        #expect(try parameters.require("d", as: Date.self) == date)
        #expect(Date(deepLinkJSONValue: .string(example.text)) == date)
        Self.expectUsable(date, example.text)
        // What the builder writes for it reads back as the same date.
        #expect(DateText.date(DateText.iso8601(date)) == date)
    }

    @Test("a date beyond the calendar is written as its seconds and reads back as no date")
    func beyondTheCalendar() {
        for seconds in [1e20, -1e20, 8.64e12 + 1, .nan, .infinity, -.infinity] {
            let text = DateText.iso8601(Date(timeIntervalSince1970: seconds))
            #expect(text == NumberText.query(seconds))
            #expect(DateText.date(text) == nil, "\(text)")
        }
    }

    // MARK: Round trips

    /// Milliseconds since 1970 across the whole range, dense near 1970, today and the ends.
    static func randomMilliseconds(_ random: inout SplitMix64) -> Int64 {
        let range = DateText.rangeInMilliseconds
        switch random.next() % 4 {
        case 0: return Int64.random(in: -range...range, using: &random)
        case 1: return Int64.random(in: -100_000_000_000...100_000_000_000, using: &random)
        case 2: return 1_700_000_000_000 + Int64.random(in: -10_000_000_000...10_000_000_000, using: &random)
        default:
            let edge = Int64.random(in: 0...1_000_000, using: &random)
            return random.next() % 2 == 0 ? range - edge : edge - range
        }
    }

    @Test("every whole-millisecond date in range is written as text that reads back as it")
    func wholeMillisecondsRoundTrip() throws {
        var random = SplitMix64(seed: 0xDA7E_0001)
        for _ in 0..<20_000 {
            let milliseconds = Self.randomMilliseconds(&random)
            let date = DateText.date(millisecondsSince1970: milliseconds)
            let text = DateText.iso8601(date)
            let read = try #require(DateText.date(text), "\(milliseconds): \(text)")
            #expect(read == date, "\(milliseconds): \(text)")
            // The text names this very millisecond while a Double of seconds since 2001 tells
            // milliseconds apart, up to 2^42 seconds (about ±139,000 years); beyond, a
            // millisecond whose nearest Date is the same.
            if milliseconds.magnitude < 4_398_000_000_000_000 {
                #expect(DateText.milliseconds(since1970: date) == milliseconds, "\(milliseconds): \(text)")
            }
            // A date an app makes from seconds since 1970 is written as the same millisecond
            // while a Double of seconds since 1970 still tells milliseconds apart (±285,000 years
            // would need 1 ms ≥ 2 ulps; it holds up to about ±4,000 years here).
            if milliseconds.magnitude < 100_000_000_000_000 {
                let made = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
                #expect(DateText.iso8601(made) == text, "\(milliseconds)")
            }
        }
    }

    @Test("any date in range, sub-millisecond too, is written as text that reads back stable")
    func anyDateRoundTrips() throws {
        var random = SplitMix64(seed: 0xDA7E_0002)
        for _ in 0..<20_000 {
            let base = Double(Self.randomMilliseconds(&random)) / 1000
            let seconds = base + Double.random(in: -0.001...0.001, using: &random)
            let date = Date(timeIntervalSince1970: seconds)
            let text = DateText.iso8601(date)
            guard let read = DateText.date(text) else {
                // Only a date a hair beyond the range's ends is written as a number.
                #expect(seconds.magnitude > 8.64e12 - 0.002, "\(seconds): \(text)")
                continue
            }
            #expect(DateText.iso8601(read) == text, "\(seconds): \(text)")
            // Truncated toward the past, to less than a millisecond, give or take the writer's
            // three units in the last place of the milliseconds and the reader's rounding.
            let reference = date.timeIntervalSinceReferenceDate
            let slack =
                3 * (reference * 1000).ulp / 1000 + reference.ulp + read.timeIntervalSinceReferenceDate.ulp
            let lost = date.timeIntervalSince(read)
            #expect(lost >= -slack && lost < 0.001 + slack, "\(seconds): \(text) lost \(lost) slack \(slack)")
            Self.expectUsable(read, text)
        }
    }

    @Test("through a link: the builder's text for a date reads back as the same date")
    func throughALink() throws {
        var random = SplitMix64(seed: 0xDA7E_0003)
        for _ in 0..<500 {
            let date = DateText.date(millisecondsSince1970: Self.randomMilliseconds(&random))
            var builder = try ModelTestSupport.builder("myapp://trip")
            builder["at"] = date
            let link = try ModelTestSupport.readBack(builder)
            #expect(link.parameters.get("at", as: Date.self) == date, "\(DateText.iso8601(date))")
        }
    }

    @Test("ISO 8601 text with offsets reads as Foundation's ISO 8601 parser reads it")
    func agreesWithFoundation() throws {
        var random = SplitMix64(seed: 0xDA7E_0004)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        for _ in 0..<2_000 {
            // From 1583: Foundation's calendar is Julian before the Gregorian reform of
            // October 1582, where ISO 8601 (and DateText) count in the proleptic Gregorian one.
            let year = Int.random(in: 1583...9999, using: &random)
            let month = Int.random(in: 1...12, using: &random)
            let day = Int.random(in: 1...28, using: &random)
            let offset = Int.random(in: -23 * 60...23 * 60, using: &random)
            let sign = offset < 0 ? "-" : "+"
            let hour = two(Int.random(in: 0...23, using: &random))
            let minute = two(Int.random(in: 0...59, using: &random))
            let second = two(Int.random(in: 0...59, using: &random))
            let fraction = String(Int.random(in: 1000...1999, using: &random).description.dropFirst())
            let zone = sign + two(abs(offset) / 60) + ":" + two(abs(offset) % 60)
            let date = "\(year)-" + two(month) + "-" + two(day)
            let text = date + "T" + hour + ":" + minute + ":" + second + "." + fraction + zone
            let ours = try #require(DateText.date(text), "\(text)")
            let foundation = try #require(formatter.date(from: text), "\(text)")
            #expect(
                DateText.milliseconds(since1970: ours)
                    == Int64((foundation.timeIntervalSince1970 * 1000).rounded()), "\(text)")
        }
    }
}
