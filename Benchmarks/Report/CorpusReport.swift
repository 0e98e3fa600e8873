/// The figures for one corpus.
struct CorpusReport: Codable {
    /// The corpus name, such as `rest-1000`.
    var name: String
    /// Where the corpus came from.
    var family: Corpus.Family
    /// Routes registered.
    var routes: Int
    /// Lookups that match.
    var hits: Int
    /// Lookups that match nothing.
    var misses: Int
    /// The contender every ratio is taken against (`waypointPath`, or `waypointURL` when
    /// some routes are host or scheme routes the path API cannot reach).
    var baseline: String
    /// Registration time and memory.
    var registration: RegistrationReport
    /// One entry per contender, the baseline first.
    var contenders: [ContenderReport]
}
