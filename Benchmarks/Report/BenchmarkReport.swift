/// Everything one benchmark run measured: what `--json` writes and the table and plot
/// are drawn from.
struct BenchmarkReport: Codable {
    /// Where the figures were measured.
    var machine: MachineInfo
    /// Timed runs per measurement.
    var runs: Int
    /// The target duration of one run, in milliseconds.
    var runMilliseconds: Double
    /// The corpus seed.
    var seed: UInt64
    /// Whether this was a `--quick` run.
    var quick: Bool
    /// One entry per corpus, in the order they ran.
    var corpora: [CorpusReport]
}
