/// One `name=value` item of a deep link's query, percent-decoded, as written in the URL.
///
/// Values are always the raw decoded strings: a JSON-encoded field is text here, and decoded
/// only in ``DeepLink/queryParameters``.
public struct DeepLinkQueryItem: Sendable, Hashable {
    /// The decoded name, the text before the item's first `=`.
    public var name: String
    /// The decoded value, the text after the item's first `=`; `""` for an item without `=`.
    public var value: String

    /// Creates an item.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

extension DeepLinkQueryItem: CustomStringConvertible {
    /// `name=value`, decoded.
    public var description: String {
        "\(name)=\(value)"
    }
}
