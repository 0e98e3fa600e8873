/// A route a contender cannot run.
enum ScanError: Error, CustomStringConvertible {
    /// ICU does not accept the route's pattern.
    case rejected(route: String, pattern: String)
    /// The C segment trie cannot hold the route.
    case unsupported(route: String, reason: String)

    var description: String {
        switch self {
        case .rejected(let route, let pattern): "ICU rejects the pattern \(pattern) of route \(route)"
        case .unsupported(let route, let reason): "the C trie cannot hold \(route): \(reason)"
        }
    }
}
