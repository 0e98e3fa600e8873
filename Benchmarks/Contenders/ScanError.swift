/// A route the NSRegularExpression scan cannot run.
enum ScanError: Error, CustomStringConvertible {
    /// ICU does not accept the route's pattern.
    case rejected(route: String, pattern: String)

    var description: String {
        switch self {
        case .rejected(let route, let pattern): "ICU rejects the pattern \(pattern) of route \(route)"
        }
    }
}
