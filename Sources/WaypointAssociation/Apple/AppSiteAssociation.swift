import Foundation
import Waypoint

/// An `apple-app-site-association` file: the JSON a domain serves at
/// `/.well-known/apple-app-site-association` to associate apps with it.
///
/// Waypoint reads its `applinks` section, which decides which URLs of the domain open which
/// app as universal links (``UniversalLinkRules``); the other services (`webcredentials`, `appclips`,
/// `activitycontinuation`) are kept as they are. Reading checks the whole file and throws an
/// ``AppSiteAssociationError`` naming the JSON path of the first problem.
///
/// ```swift
/// import WaypointAssociation
///
/// let json = """
///     {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.shop"],
///       "components": [{"/": "/products/?*"}]}]}}
///     """
/// let file = try AppSiteAssociation(json: json)
/// let matcher = try UniversalLinkMatcher(file.universalLinks ?? UniversalLinkRules(details: []))
/// print(matcher.decision(for: "https://shop.example.com/products/42", appID: "ABCDE12345.com.example.shop").opensApp)
/// // true
/// ```
public struct AppSiteAssociation: Sendable, Hashable {
    /// The most bytes a file may have: 128 KB, the limit Apple documents for the file the
    /// system downloads (App Search Programming Guide, revision of 2016-04-01), read as
    /// 128 × 1024 bytes, uncompressed.
    public static let maximumSize = 128 * 1024

    /// The most automaton states a file's patterns may expand to with their substitution
    /// variables: about a hundred times what a heavy real file needs (a pattern using
    /// `$(lang)_$(region)` takes about 2,500), so that a hostile file cannot make matching
    /// slow or large.
    public static let maximumPatternStates = 1_000_000

    /// The `applinks` section, when the file has one.
    public var universalLinks: UniversalLinkRules?
    /// The file's other services by key (`webcredentials`, `appclips`,
    /// `activitycontinuation`), as they are.
    public var otherServices: [String: JSONValue]

    /// A file with these services.
    public init(universalLinks: UniversalLinkRules?, otherServices: [String: JSONValue] = [:]) {
        self.universalLinks = universalLinks
        self.otherServices = otherServices
    }

    /// Reads the file's text.
    ///
    /// - Throws: ``AppSiteAssociationError``: the text is larger than ``maximumSize`` bytes
    ///   of UTF-8, is not JSON, or breaks the format (an unknown key, a wrong type, an
    ///   application identifier that is not `TEAMID.bundle.id`, an undefined substitution
    ///   variable, …).
    public init(json: String) throws(AppSiteAssociationError) {
        let size = json.utf8.count
        guard size <= Self.maximumSize else {
            throw AppSiteAssociationError(.fileTooLarge(size: size, limit: Self.maximumSize), at: .root)
        }
        let document: JSONValue
        do {
            document = try JSONValue(parsing: json)
        } catch {
            throw AppSiteAssociationError(.invalidJSON(error), at: .root)
        }
        self = try AppSiteAssociationReader.association(document, at: .root)
    }

    /// Reads the file's bytes, which must be UTF-8.
    ///
    /// - Throws: ``AppSiteAssociationError`` as ``init(json:)`` does, and when the bytes are
    ///   not UTF-8. The size is checked before anything else is read.
    public init(data: Data) throws(AppSiteAssociationError) {
        guard data.count <= Self.maximumSize else {
            throw AppSiteAssociationError(.fileTooLarge(size: data.count, limit: Self.maximumSize), at: .root)
        }
        let text = String(decoding: data, as: UTF8.self)
        guard text.utf8.elementsEqual(data) else { throw AppSiteAssociationError(.notUTF8, at: .root) }
        try self.init(json: text)
    }
}
