import Waypoint

/// The outcome of one check of a table: a case, or for router tables a route's
/// registration.
struct CheckResult: Sendable {
    /// The case's name (`case N` when it has none), or `route "…"` for a registration check.
    let name: String
    /// How a failure report names the check: `case "name"`, `case 3`, `route "/x/("`.
    let label: String
    /// The input the check ran on (the URL, or the route).
    let input: String
    /// The expectation keys whose actual values differ; empty when the check passed.
    let mismatches: [TableExpectation.Mismatch]
    /// More about a failure, such as the message of a registration error.
    let note: String?

    init(
        name: String, label: String, input: String, mismatches: [TableExpectation.Mismatch],
        note: String? = nil
    ) {
        self.name = name
        self.label = label
        self.input = input
        self.mismatches = mismatches
        self.note = note
    }

    /// Whether the check passed.
    var passed: Bool {
        mismatches.isEmpty
    }

    /// The expected values of the keys that differ, as one JSON object.
    var expected: JSONValue {
        .object(Dictionary(mismatches.map { ($0.key, $0.expected) }) { first, _ in first })
    }

    /// The actual values of the keys that differ (`null` for absent), as one JSON object.
    var actual: JSONValue {
        .object(Dictionary(mismatches.map { ($0.key, $0.actual) }) { first, _ in first })
    }
}
