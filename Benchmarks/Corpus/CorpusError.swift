/// A corpus that cannot be built or read.
enum CorpusError: Error, CustomStringConvertible {
    /// A generator produced an example that does not behave as constructed.
    case generator(String)
    /// A file could not be read, or its content is not a usable corpus.
    case file(String)

    var description: String {
        switch self {
        case .generator(let message): "corpus generator: \(message)"
        case .file(let message): message
        }
    }
}
