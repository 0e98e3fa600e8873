import Foundation
import Waypoint

/// A navigation stack saved as links, one per screen, bottom first
/// (``DestinationRouter/save(_:scheme:host:)``), and read back by
/// ``DestinationRouter/restore(_:)``: what a scene stores to restore its stack.
///
/// Links are the routes' own public form: readable, diffable, and stable across app
/// versions as long as the links open the same screens, whatever becomes of the app's
/// types. A link that no longer opens a screen after an update is dropped, with its reason,
/// and the rest are restored.
///
/// It is `Codable` as a JSON array of the links' strings, and `RawRepresentable` as the
/// links one per line, which `@SceneStorage` stores as a string:
///
/// ```
/// myapp:///orders
/// myapp:///orders/42
/// myapp:///products/7?color=red
/// ```
public struct SavedStack: Sendable, Hashable, Codable, RawRepresentable, CustomStringConvertible {
    /// The links, bottom of the stack first, each a URL's `absoluteString`. Read from
    /// storage, an entry may be anything: ``DestinationRouter/restore(_:)`` drops what is
    /// not a link it routes.
    public let links: [String]

    /// The most links ``DestinationRouter/restore(_:)`` reads: 1,000, tens of times the
    /// deepest stack an app shows. The links past it are dropped unread
    /// (``DroppedLink/Reason/overLimit``), so damaged storage cannot make a restore take
    /// unbounded time.
    public static var limit: Int { 1_000 }

    /// The stack whose screens these links open, bottom first.
    public init(links: [URL]) {
        self.links = links.map(\.absoluteString)
    }

    /// The links as stored: one per line, ``links``' strings read back by
    /// ``init(rawValue:)``.
    public var rawValue: String {
        links.joined(separator: "\n")
    }

    /// The links of `rawValue`, one per line; an empty string holds none. Any line break
    /// ends a line, `\r\n` as well as `\n` (a link holds none: it is a URL), so that text
    /// whose line ends were rewritten on its way still reads as its links. Never nil:
    /// whatever a line holds, ``DestinationRouter/restore(_:)`` judges it.
    public init?(rawValue: String) {
        // (`Character` reads `\r\n` as one character, which is not `\n`.)
        links =
            rawValue.isEmpty
            ? []
            : rawValue.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
    }

    /// Reads a JSON array of strings (or any single-value array of strings).
    public init(from decoder: any Decoder) throws {
        links = try decoder.singleValueContainer().decode([String].self)
    }

    /// Writes the links as an array of strings.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(links)
    }

    /// The links, one per line.
    public var description: String { rawValue }
}

/// A restored navigation stack: the destinations of the saved links that still open one,
/// in order, and the links dropped, each with why (``DestinationRouter/restore(_:)``).
public struct RestoredStack<Destination: Sendable>: Sendable {
    /// The restored destinations, bottom first.
    public var stack: [Destination]
    /// The saved links that gave no destination, in order.
    public var dropped: [DroppedLink]

    /// A restored stack.
    public init(stack: [Destination], dropped: [DroppedLink]) {
        self.stack = stack
        self.dropped = dropped
    }
}

/// A saved link that a restore dropped, and why (``DestinationRouter/restore(_:)``).
public struct DroppedLink: Sendable, Hashable, CustomStringConvertible {
    /// Why a saved link opens no screen now.
    public enum Reason: Sendable, Hashable {
        /// The text is not an absolute URL: it has no scheme, Foundation cannot read it, or it
        /// holds a control character (U+0000 to U+001F or U+007F), which no URL holds and
        /// ``DestinationRouter/save(_:scheme:host:)`` never writes.
        case invalidURL
        /// The link is `length` UTF-8 bytes, longer than the router's
        /// `RouterOptions.maxURLLength` (`limit`), so no route can take it: it was not
        /// parsed.
        case urlTooLong(length: Int, limit: Int)
        /// No route matches the link (its route was removed, or changed).
        case noRoute
        /// Routes match, and each builder returned nil or threw;
        /// ``DestinationRouter/explain(_:)-(String)`` says which did what.
        case noDestination
        /// The route that takes the link has an asynchronous builder, which a restore
        /// cannot wait for.
        case asynchronous(route: String)
        /// The link is past ``SavedStack/limit``: it was not read.
        case overLimit
    }

    /// The link's position in ``SavedStack/links``.
    public let index: Int
    /// The link as saved.
    public let link: String
    /// Why it was dropped.
    public let reason: Reason

    /// A dropped link.
    public init(index: Int, link: String, reason: Reason) {
        self.index = index
        self.link = link
        self.reason = reason
    }

    /// For example `link 2 "myapp:///wishlist" dropped: no route matches it`.
    public var description: String {
        let why =
            switch reason {
            case .invalidURL: "it is not an absolute URL"
            case .urlTooLong(let length, let limit):
                "it is \(length) UTF-8 bytes, longer than the router's limit of \(limit)"
            case .noRoute: "no route matches it"
            case .noDestination: "every matching route's builder returned nil or threw"
            case .asynchronous(let route):
                "route \(DiagnosticText.quoted(route)) builds it asynchronously, which a restore cannot wait for"
            case .overLimit: "it is past the \(SavedStack.limit) links a restore reads"
            }
        return "link \(index) \(DiagnosticText.quoted(link)) dropped: \(why)"
    }
}
