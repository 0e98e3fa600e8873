import Foundation
import Waypoint
import WaypointLinkBuilder

/// `waypoint-bench --date-parsing`: Waypoint's calendar-free ISO 8601 reader and writer (behind
/// `Date(deepLinkJSONValue:)` and `Date.deepLinkJSONValue`) against Foundation's
/// `ISO8601DateFormatter` and `Date.ISO8601FormatStyle` on the same texts, time per date in
/// one run (decisions.md, "Date parameters: what a link's text may say": why the hand-written reader stays). Each reader's dates are
/// checked against Waypoint's before anything is timed.
struct DateParsingBenchmark {
    /// Timed runs per measurement; the median is kept.
    var runs = 7
    /// Dates per run.
    var count = 20_000

    func run(report: (String) -> Void) throws {
        var random = SplitMix64(seed: 32)
        // Whole seconds and milliseconds between 1970 and 2100, as the builder writes them.
        let dates = (0..<count).map { index in
            let milliseconds = Int64.random(in: 0...4_102_444_800_000, using: &random)
            return Date(
                timeIntervalSince1970: Double(index % 2 == 0 ? milliseconds / 1000 * 1000 : milliseconds)
                    / 1000)
        }
        let texts = dates.map { date -> String in
            guard case .string(let text) = date.deepLinkJSONValue else { return "" }
            return text
        }
        let ours = texts.map { Date(deepLinkJSONValue: .string($0)) }
        let whole = ISO8601DateFormatter()
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        // Each Foundation reader is given the one configuration that reads the text, so that
        // no failed attempt is timed.
        let formatterRead: (String) -> Date? = {
            $0.utf8.contains(UInt8(ascii: ".")) ? fractional.date(from: $0) : whole.date(from: $0)
        }
        let styleWhole = Date.ISO8601FormatStyle()
        let styleFractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        let styleRead: (String) -> Date? = {
            $0.utf8.contains(UInt8(ascii: ".")) ? try? styleFractional.parse($0) : try? styleWhole.parse($0)
        }
        for (name, read) in [("ISO8601DateFormatter", formatterRead), ("ISO8601FormatStyle", styleRead)] {
            for (text, date) in zip(texts, ours) {
                guard let date, let theirs = read(text),
                    (theirs.timeIntervalSince1970 - date.timeIntervalSince1970).magnitude < 1e-6
                else {
                    throw BenchmarkError.usage("\(name) reads \(text) otherwise than Waypoint")
                }
            }
        }
        report(
            "ISO 8601 dates, 1970–2100, half with milliseconds: thread CPU time per date, median of \(runs) runs"
        )
        let waypoint = median { for text in texts { _ = Date(deepLinkJSONValue: .string(text)) } }
        let formatter = median { for text in texts { _ = formatterRead(text) } }
        let style = median { for text in texts { _ = styleRead(text) } }
        report(
            "  read: Waypoint \(Self.format(waypoint)), ISO8601DateFormatter \(Self.format(formatter)) "
                + String(format: "(%.1f×)", formatter / waypoint)
                + ", ISO8601FormatStyle \(Self.format(style)) "
                + String(format: "(%.1f×)", style / waypoint))
        let writeWaypoint = median { for date in dates { _ = date.deepLinkJSONValue } }
        let writeFormatter = median { for date in dates { _ = fractional.string(from: date) } }
        let writeStyle = median { for date in dates { _ = styleFractional.format(date) } }
        report(
            "  write: Waypoint \(Self.format(writeWaypoint)), ISO8601DateFormatter \(Self.format(writeFormatter)) "
                + String(format: "(%.1f×)", writeFormatter / writeWaypoint) + ", ISO8601FormatStyle "
                + Self.format(writeStyle) + String(format: " (%.1f×)", writeStyle / writeWaypoint))
    }

    /// The median time per date of `body`, which handles ``count`` dates.
    private func median(_ body: () -> Void) -> Double {
        var times: [Double] = []
        for _ in 0..<runs {
            times.append(Stopwatch.threadCPUSeconds(body) / Double(count))
        }
        return times.sorted()[times.count / 2]
    }

    private static func format(_ seconds: Double) -> String {
        String(format: "%.0f ns", seconds * 1e9)
    }
}
