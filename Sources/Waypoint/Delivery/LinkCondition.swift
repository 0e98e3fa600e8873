/// A condition the app supplies, such as "signed in", which a route can require before its
/// links run (``LinkDelivery/require(_:for:)``).
///
/// The app names its conditions once and grants or revokes them as its state changes:
///
/// ```swift
/// import Waypoint
///
/// extension LinkCondition {
///     static let signedIn: LinkCondition = "signedIn"
/// }
/// ```
public struct LinkCondition: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    /// The condition's name.
    public let rawValue: String

    /// A condition named `rawValue`.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// A condition named `name`.
    public init(_ name: String) {
        self.init(rawValue: name)
    }

    /// A condition named by a string literal: `let signedIn: LinkCondition = "signedIn"`.
    public init(stringLiteral name: String) {
        self.init(rawValue: name)
    }

    /// The name.
    public var description: String { rawValue }
}
