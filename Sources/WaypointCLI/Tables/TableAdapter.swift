/// A kind of pattern table that `waypoint test` can run, named by the table's `adapter`.
///
/// An adapter reads the table's adapter-specific members (options, routes, case inputs),
/// evaluates every case into the actual values of its expectation keys, and compares them
/// with `TableExpectation`. Adding an adapter is one type conforming to this protocol and
/// one entry in ``all``.
protocol TableAdapter: Sendable {
    /// The `adapter` value of the tables it runs.
    var name: String { get }

    /// Runs every check of `table`.
    ///
    /// - Throws: ``TableError`` when the table's content keeps it from running.
    func run(_ table: PatternTable) throws(TableError) -> [CheckResult]
}

/// The adapters this build of `waypoint` runs.
enum TableAdapters {
    /// Every adapter, by table `adapter` value.
    static let all: [any TableAdapter] = [
        RouterTableAdapter(), DetourTableAdapter(), PaylisherTableAdapter(),
    ]

    /// The adapter for tables whose `adapter` is `name`; router tables run with a regex
    /// budget of `regexBudget` when it is given (`waypoint test --regex-budget`).
    static func named(_ name: String, regexBudget: UInt32? = nil) -> (any TableAdapter)? {
        if name == "router", let regexBudget { return RouterTableAdapter(regexBudget: regexBudget) }
        return all.first { $0.name == name }
    }
}
