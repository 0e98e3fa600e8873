import Foundation
import Testing

@testable import WaypointDetour

/// The retry arithmetic of Documentation/spec/detour.md §8: backoff, Retry-After and the status table.
@Suite("Detour analytics backoff")
struct BackoffTests {
    struct WaitCase: Sendable, CustomStringConvertible {
        let failures: Int
        let random: Double
        let retryAfter: TimeInterval?
        let wait: TimeInterval
        var description: String { "n=\(failures) r=\(random) retryAfter=\(String(describing: retryAfter))" }
    }

    static let waits: [WaitCase] = [
        WaitCase(failures: 1, random: 0, retryAfter: nil, wait: 0.5),
        WaitCase(failures: 1, random: 0.999, retryAfter: nil, wait: 0.9995),
        WaitCase(failures: 2, random: 0.5, retryAfter: nil, wait: 1.5),
        WaitCase(failures: 5, random: 0, retryAfter: nil, wait: 8),
        WaitCase(failures: 9, random: 0, retryAfter: nil, wait: 128),
        WaitCase(failures: 10, random: 0, retryAfter: nil, wait: 150),
        WaitCase(failures: 10, random: 0.999_999, retryAfter: nil, wait: 299.99985),
        WaitCase(failures: 1000, random: 0.5, retryAfter: nil, wait: 225),
        WaitCase(failures: 0, random: 0, retryAfter: nil, wait: 0.5),
        WaitCase(failures: 1, random: -3, retryAfter: nil, wait: 0.5),
        WaitCase(failures: 1, random: .nan, retryAfter: nil, wait: 0.5),
        WaitCase(failures: 1, random: 0, retryAfter: 30, wait: 30),
        WaitCase(failures: 10, random: 0, retryAfter: 30, wait: 150),
        WaitCase(failures: 1, random: 0, retryAfter: 10_000, wait: 3600),
        WaitCase(failures: 1, random: 0, retryAfter: 0, wait: 0.5),
    ]

    @Test("min(300, 2^(n-1)) × (0.5 + 0.5r), raised by Retry-After up to 3600 s", arguments: waits)
    func wait(_ testCase: WaitCase) {
        let wait = DetourAnalyticsBackoff.wait(
            consecutiveFailures: testCase.failures, random: testCase.random, retryAfter: testCase.retryAfter)
        #expect(abs(wait - testCase.wait) < 1e-9)
    }

    static let now = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT

    @Test("Retry-After: seconds and the three HTTP date forms")
    func retryAfter() {
        let expected: [(String, TimeInterval?)] = [
            ("120", 120), (" 7 ", 7), ("0", 0), ("-5", nil), ("1.5", nil), ("", nil), ("soon", nil),
            ("Sun, 06 Nov 1994 08:50:37 GMT", 60), ("Sunday, 06-Nov-94 08:51:37 GMT", 120),
            ("Sun Nov  6 08:52:37 1994", 180), ("Sun, 06 Nov 1994 08:00:00 GMT", 0),
            ("Sun, 32 Nov 1994 08:50:37 GMT", nil), ("Sun, 06 Foo 1994 08:50:37 GMT", nil),
            ("Sun, 06 Nov 1994 25:50:37 GMT", nil),
        ]
        for (header, seconds) in expected {
            #expect(DetourRetryAfter.seconds(header, now: Self.now) == seconds, "\(header)")
        }
    }

    @Test("the status table: 2xx delivered, 400/413/415/422 rejected, anything else retried")
    func outcomes() {
        func outcome(_ status: Int, _ headers: [String: String] = [:]) -> DetourDeliveryOutcome {
            DetourDeliveryOutcome(
                .success(DetourHTTPResponse(statusCode: status, headers: headers)), now: Self.now)
        }
        for status in [200, 201, 202, 204, 299] {
            #expect(outcome(status) == .delivered)
        }
        for status in [400, 413, 415, 422] {
            #expect(outcome(status) == .rejected(status: status))
        }
        for status in [100, 301, 302, 304, 401, 403, 404, 408, 409, 429, 500, 502, 503] {
            #expect(outcome(status) == .retry(reason: "status \(status)", retryAfter: nil))
        }
        #expect(outcome(503, ["retry-after": "9"]) == .retry(reason: "status 503", retryAfter: 9))
        let timedOut = DetourDeliveryOutcome(.failure(.timedOut(15)), now: Self.now)
        #expect(timedOut == .retry(reason: "timed out after 15.0 s", retryAfter: nil))
    }

    @Test("timestamps are ISO 8601 UTC with milliseconds")
    func timestamps() {
        let expected: [(TimeInterval, String)] = [
            (1_767_323_045.678, "2026-01-02T03:04:05.678Z"), (0, "1970-01-01T00:00:00.000Z"),
            (951_782_400, "2000-02-29T00:00:00.000Z"), (-0.001, "1969-12-31T23:59:59.999Z"),
            (4_102_444_799.9994, "2099-12-31T23:59:59.999Z"),
            (1_767_323_045.6786, "2026-01-02T03:04:05.679Z"),
        ]
        for (seconds, text) in expected {
            #expect(DetourCivilTime.iso8601Milliseconds(Date(timeIntervalSince1970: seconds)) == text)
        }
        #expect(
            DetourCivilTime.epochMilliseconds(Date(timeIntervalSince1970: 1_767_323_045.678))
                == 1_767_323_045_678)
    }

    @Test("civil day arithmetic round-trips")
    func civilDays() {
        for days in stride(from: -800_000, through: 800_000, by: 997) {
            let date = DetourCivilTime.civilDate(days: days)
            #expect(DetourCivilTime.days(year: date.year, month: date.month, day: date.day) == days)
        }
        #expect(DetourCivilTime.days(year: 2026, month: 1, day: 2) == 20_455)
    }
}
