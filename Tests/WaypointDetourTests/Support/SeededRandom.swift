import Waypoint

/// The shared seeded generator, so "random" server failures and backoff jitter are the
/// same on every run.
typealias SeededRandom = SplitMix64
