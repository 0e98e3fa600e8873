/// One queued analytics request, as stored in `analytics-queue/<16-digit seq>.json`.
package struct DetourAnalyticsRecord: Codable, Sendable, Hashable {
    /// Which endpoint a record goes to.
    package enum Kind: String, Codable, Sendable, Hashable {
        /// `/api/analytics/event`.
        case event
        /// `/api/analytics/retention`.
        case retention

        /// The endpoint of this kind.
        package var endpoint: DetourEndpoint {
            switch self {
            case .event: .analyticsEvent
            case .retention: .analyticsRetention
            }
        }
    }

    /// A lowercase UUID, sent as `Idempotency-Key` on every attempt.
    package let id: String
    /// The position in the queue; also the file name.
    package let seq: UInt64
    /// Event or retention.
    package let kind: Kind
    /// The application the record belongs to; it waits for a mount with this `appID`.
    package let appID: String
    /// Failed delivery attempts so far.
    package var attempts: Int
    /// The exact JSON body, built when the event was logged.
    package let body: String

    /// Creates a record.
    package init(id: String, seq: UInt64, kind: Kind, appID: String, attempts: Int, body: String) {
        self.id = id
        self.seq = seq
        self.kind = kind
        self.appID = appID
        self.attempts = attempts
        self.body = body
    }

    /// `<16-digit seq>.json`.
    package static func fileName(for seq: UInt64) -> String {
        let digits = String(seq)
        return String(repeating: "0", count: max(0, 16 - digits.count)) + digits + ".json"
    }

    /// The sequence number of a record file name, or nil when `name` is not one.
    package static func sequence(fromFileName name: String) -> UInt64? {
        guard name.hasSuffix(".json") else { return nil }
        let digits = name.dropLast(5)
        guard digits.count == 16,
            digits.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { return nil }
        return UInt64(digits)
    }
}
