/// How a `waypoint` run ends (Documentation/spec/tables.md): the process exit code.
enum ExitStatus: Int32, Sendable, Hashable {
    /// Everything checked out.
    case success = 0
    /// A check failed: a table case, a URL that matched nothing, a lint finding.
    case checkFailed = 1
    /// Bad usage or an input that could not be read; nothing trustworthy was checked.
    case usageError = 2
    /// The check ran, but not over all of its input: `waypoint aasa check` and `generate`
    /// say how many routes were not checked (Documentation/aasa.md §7.4).
    case incomplete = 3
}
