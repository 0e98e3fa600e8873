import Foundation

/// The outcome of processing a link: a link, or the empty result.
///
/// Every processing method returns `processed == true`; the empty result has `link == nil`.
public struct DetourResult: Sendable, Hashable {
    /// Whether processing finished; always `true` for results the adapter returns.
    public let processed: Bool
    /// The processed link, or nil for the empty result.
    public let link: DetourLink?

    /// Creates a result.
    public init(processed: Bool = true, link: DetourLink?) {
        self.processed = processed
        self.link = link
    }

    /// The empty result: processed, without a link.
    public static func empty() -> DetourResult {
        DetourResult(processed: true, link: nil)
    }

    /// The link's route, or nil without a link.
    public var route: String? { link?.route }

    /// The link's pathname, or nil without a link.
    public var pathname: String? { link?.pathname }

    /// The link's type, or nil without a link.
    public var linkType: LinkType? { link?.type }

    /// The link's decoded query parameters, or `[:]` without a link.
    public var params: [String: String] { link?.params ?? [:] }

    /// The link's `url` as a `URL`, or nil without a link or when it does not parse.
    public var linkURL: URL? { link.flatMap { URL(string: $0.url) } }
}
