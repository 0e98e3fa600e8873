import Waypoint

/// The outcome of one check of a table: a case, or for router tables a route's
/// registration.
package struct CheckResult: Sendable {
    /// The case's name (`case N` when it has none), or `route "…"` for a registration check.
    package let name: String
    /// How a failure report names the check: `case "name"`, `case 3`, `route "/x/("`.
    package let label: String
    /// The input the check ran on (the URL, or the route).
    package let input: String
    /// The expectation keys whose actual values differ; empty when the check passed.
    package let mismatches: [TableExpectation.Mismatch]
    /// More about a failure, such as the message of a registration error.
    package let note: String?
    /// Where in its table the check comes from: `cases[2]`, `routes[0]`; empty for the
    /// table as a whole. ``PatternTable/line(at:)`` turns it into a line of the file.
    package let place: [JSONLineMap.Step]

    package init(
        name: String, label: String, input: String, mismatches: [TableExpectation.Mismatch],
        note: String? = nil, place: [JSONLineMap.Step] = []
    ) {
        self.name = name
        self.label = label
        self.input = input
        self.mismatches = mismatches
        self.note = note
        self.place = place
    }

    /// Whether the check passed.
    package var passed: Bool {
        mismatches.isEmpty
    }

    /// The expected values of the keys that differ, as one JSON object.
    package var expected: JSONValue {
        .object(Dictionary(mismatches.map { ($0.key, $0.expected) }) { first, _ in first })
    }

    /// The actual values of the keys that differ (`null` for absent), as one JSON object.
    package var actual: JSONValue {
        .object(Dictionary(mismatches.map { ($0.key, $0.actual) }) { first, _ in first })
    }
}
