/// Why the benchmark stopped: it never reports a figure for wrong answers.
enum BenchmarkError: Error, CustomStringConvertible {
    /// A contender answered a lookup differently from its verified answer.
    case wrongAnswer(contender: String, url: String, expected: Answer?, actual: Answer?)
    /// A timed pass's checksum differs from the verified answers'.
    case checksum(contender: String)
    /// The command line cannot be used.
    case usage(String)

    var description: String {
        switch self {
        case .wrongAnswer(let contender, let url, let expected, let actual):
            "\(contender) answers \(url) with \(actual.map(String.init(describing:)) ?? "no match"), "
                + "expected \(expected.map(String.init(describing:)) ?? "no match")"
        case .checksum(let contender):
            "\(contender): a timed pass answered differently from the verified answers"
        case .usage(let message):
            message
        }
    }
}
