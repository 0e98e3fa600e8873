/// One way of answering lookups, timed against the others in the same process.
protocol Contender: AnyObject {
    /// The name in tables and the plot legend, such as `Waypoint path`.
    var name: String { get }
    /// A stable identifier for JSON, such as `waypointPath`.
    var key: String { get }
    /// Whether the cost of a lookup grows with the number of routes (a linear scan), so
    /// that large tables are timed on an evenly spread sample of the lookups.
    var scansLinearly: Bool { get }

    /// The answer for `lookup`, with its parameters, for verification.
    func answer(_ lookup: Lookup) -> Answer?

    /// What a timed pass runs: prepares `lookups` in the form this contender takes, and
    /// returns a closure that answers each of them once and returns their checksum
    /// (``Answer/checksum(of:)``), so the work cannot be optimised away and a run that
    /// answered differently from the verified answers is caught.
    func pass(over lookups: [Lookup]) -> () -> Int
}
