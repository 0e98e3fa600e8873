/// The one function callgrind counts in: `waypoint-bench --instructions` runs its
/// children with `--toggle-collect=waypoint_bench_timed_loop`, so only the passes
/// called from here are counted, not the process start, the corpus or the verification.
///
/// - Returns: the sum of the passes' checksums.
@inline(never)
@_silgen_name("waypoint_bench_timed_loop")
func waypointBenchTimedLoop(_ pass: () -> Int, passes: Int) -> Int {
    var total = 0
    for _ in 0..<passes { total &+= pass() }
    return total
}
