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

    /// The largest sequence number the queue issues, 10^16 - 1: every record name has
    /// exactly 16 digits. When the numbers run out the queue renumbers its records from 1
    /// (see `DetourAnalyticsQueue`).
    package static let maximumSequence: UInt64 = 9_999_999_999_999_999

    /// The largest `attempts` kept; counting stops there, and a larger saved value is
    /// damage (repaired at load).
    package static let maximumAttempts = Int(Int32.max)

    /// The same record under another sequence number (renumbering).
    package func renumbered(to seq: UInt64) -> DetourAnalyticsRecord {
        DetourAnalyticsRecord(id: id, seq: seq, kind: kind, appID: appID, attempts: attempts, body: body)
    }

    /// `<16-digit seq>.json`; a number beyond ``maximumSequence`` (written by an earlier
    /// version) gets as many digits as it needs.
    package static func fileName(for seq: UInt64) -> String {
        let digits = String(seq)
        return String(repeating: "0", count: max(0, 16 - digits.count)) + digits + ".json"
    }

    /// The sequence number of a record file name, or nil when `name` is not one: the
    /// canonical name of a number (16 digits, or more without leading zeros for a number
    /// beyond ``maximumSequence``, as earlier versions wrote them), so that every record
    /// file any version wrote is read again.
    package static func sequence(fromFileName name: String) -> UInt64? {
        guard name.hasSuffix(".json") else { return nil }
        let digits = name.dropLast(5)
        guard (16...20).contains(digits.count),
            digits.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
            let seq = UInt64(digits), fileName(for: seq) == name
        else { return nil }
        return seq
    }
}
