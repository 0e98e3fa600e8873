import Waypoint

/// A member a router table may have beyond Documentation/spec/tables.md, read and checked by
/// code outside this module: the `waypoint` command line's `aasa`, the universal-link
/// contract its AASA checker holds the table's routes to (Documentation/decisions.md,
/// "Pattern tables: `aasa`").
///
/// ``RouterTableAdapter`` reads the section after the table's keys were checked and before
/// its options, merges ``caseValues(_:)`` into every case's actual values, and appends
/// ``check(routes:options:)`` after the cases.
package protocol RouterTableSection: Sendable {
    /// The table member the section is read from, such as `aasa`.
    static var member: String { get }

    /// The expectation keys the section adds to the table's cases, such as `universalLink`.
    static var expectationKeys: Set<String> { get }

    /// The section of `table`; nil when the table does not have ``member``.
    ///
    /// - Throws: ``TableError`` for a malformed section.
    init?(_ table: PatternTable) throws(TableError)

    /// The values of ``expectationKeys`` for a case's input.
    func caseValues(_ input: String) -> [String: JSONValue]

    /// The section's own check of the table's routes (those registered as plain strings),
    /// which counts as one case.
    func check(routes: [String], options: RouterOptions) -> CheckResult
}
