/// Parameters read by name as text: ``RouteParameters`` (what a route captured) and
/// ``DeepLinkParameters`` (a link's route parameters, then its query). Conforming types get
/// the typed accessors `get(_:as:)`, which gives nil for a parameter that is absent or does
/// not convert, and `require(_:as:)`, which throws a ``ParameterError`` naming the
/// parameter, its text and the type:
///
/// ```swift
/// let id = try link.parameters.require("id", as: Int.self)  // 42, or ParameterError
/// let tab = link.parameters.get("tab", as: Tab.self) ?? .overview
/// ```
///
/// Both accept every `LosslessStringConvertible` type (`Int`, `Double`, `Bool`, `String`,
/// …), `UUID`, `URL`, and `RawRepresentable` types whose raw value is
/// `LosslessStringConvertible`, such as `enum Tab: String`.
public protocol NamedParameters {
    /// The text of the parameter named `name`, or nil when there is none.
    subscript(name: String) -> String? { get }
}
