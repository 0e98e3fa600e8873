import Waypoint

/// One case of a pattern table: an input and the expected values of the keys it names.
struct TableCase: Sendable {
    /// Its 1-based position in the table's `cases`.
    let number: Int
    /// Its `name`, or `case N` when it has none.
    let name: String
    /// The input: a URL for router tables.
    let input: String
    /// The expectation: the keys to compare and their expected values.
    let expect: [String: JSONValue]
    /// How reports name the case: `case "name"`, or `case N` when it has no name.
    var label: String {
        members["name"] == nil ? name : "case \(name.quoted)"
    }

    /// The whole case object, for adapters whose cases carry more (such as a mode).
    let members: [String: JSONValue]
}
