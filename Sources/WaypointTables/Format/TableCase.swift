import Waypoint

/// One case of a pattern table: an input and the expected values of the keys it names.
package struct TableCase: Sendable {
    /// Its 1-based position in the table's `cases`.
    package let number: Int
    /// Its `name`, or `case N` when it has none.
    package let name: String
    /// The input: a URL for router tables.
    package let input: String
    /// The expectation: the keys to compare and their expected values.
    package let expect: [String: JSONValue]
    /// How reports name the case: `case "name"`, or `case N` when it has no name.
    package var label: String {
        members["name"] == nil ? name : "case \(name.quoted)"
    }

    /// The whole case object, for adapters whose cases carry more (such as a mode).
    package let members: [String: JSONValue]

    /// Where the case is in its table: `cases[number - 1]`.
    package var place: [JSONLineMap.Step] {
        [.key("cases"), .index(number - 1)]
    }
}
