/// The figures of one contender on one corpus.
struct ContenderReport: Codable {
    /// The contender's identifier, such as `waypointPath`.
    var key: String
    /// The contender's display name.
    var name: String
    /// Lookups that match; nil when the contender did not run.
    var hits: SetReport?
    /// Lookups that match nothing; nil when the contender did not run or there are none.
    var misses: SetReport?
    /// Why the contender did not run, when it did not.
    var note: String?
}
