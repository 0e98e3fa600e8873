/// Why a URL is not a Paylisher deep link (spec §2.1, §2.3).
public enum PaylisherDeepLinkError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The URL has no valid scheme (`[A-Za-z][A-Za-z0-9+.-]*` followed by `:`).
    case notAbsolute
    /// The link names no destination: a custom-scheme link without a host, or a web link
    /// whose path is empty once its leading and trailing `/` are removed.
    case emptyDestination

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .notAbsolute: "the URL has no valid scheme"
        case .emptyDestination: "the link has no destination"
        }
    }
}
