/// A kind of pattern table that `waypoint test` can run, named by the table's `adapter`.
///
/// An adapter reads the table's adapter-specific members (options, routes, case inputs),
/// evaluates every case into the actual values of its expectation keys, and compares them
/// with `TableExpectation`. Adding an adapter is one type conforming to this protocol and
/// one entry in the list of adapters the command line runs.
package protocol TableAdapter: Sendable {
    /// The `adapter` value of the tables it runs.
    var name: String { get }

    /// Runs every check of `table`.
    ///
    /// - Throws: ``TableError`` when the table's content keeps it from running.
    func run(_ table: PatternTable) throws(TableError) -> [CheckResult]
}
