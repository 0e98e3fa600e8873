/// The parameters a route captured from a URL: names and percent-decoded values, in the
/// order the route names them.
///
/// It reads like a dictionary — `parameters["id"]`, `parameters == ["id": "42"]` — but
/// keeps the parameters' order and is one array, so a match builds it without hashing and
/// moves it as a single reference; ``dictionary`` gives a `[String: String]`. Names are
/// unique within a route; a `:name?` whose segment is absent, or a named group that did not
/// take part in the match, is not present; `**` is captured under the name `"**"`.
public struct RouteParameters: Sendable {
    /// One parameter.
    public typealias Element = (name: String, value: String)

    /// The parameters, in route order.
    private var elements: [Element] = []

    /// No parameters.
    public init() {}

    /// No parameters yet, with room for `capacity` without reallocating.
    init(capacity: Int) {
        elements.reserveCapacity(capacity)
    }

    /// The parameters of a dictionary, ordered by name.
    public init(_ dictionary: [String: String]) {
        for (name, value) in dictionary.sorted(by: { $0.key < $1.key }) {
            append(name: name, value: value)
        }
    }

    /// Adds a parameter after the others. The caller keeps names unique.
    @inline(__always)
    mutating func append(name: String, value: String) {
        elements.append((name, value))
    }

    /// The value of the parameter named `name`, or nil when the route did not capture it.
    ///
    /// - Complexity: O(n) in the number of parameters, which routes keep small.
    public subscript(name: String) -> String? {
        for element in elements where element.name == name {
            return element.value
        }
        return nil
    }

    /// The parameters as a dictionary.
    public var dictionary: [String: String] {
        var result = [String: String](minimumCapacity: count)
        for (name, value) in self { result[name] = value }
        return result
    }

    /// The parameter names, in route order.
    public var names: [String] { map(\.name) }
}

extension RouteParameters: RandomAccessCollection {
    /// The position of the first parameter.
    public var startIndex: Int { 0 }

    /// The position after the last parameter.
    public var endIndex: Int { elements.count }

    /// The parameter at `position`, in route order.
    public subscript(position: Int) -> Element {
        elements[position]
    }
}

extension RouteParameters: ExpressibleByDictionaryLiteral {
    /// Parameters in the literal's order: `["id": "42", "tab": "reviews"]`.
    public init(dictionaryLiteral elements: (String, String)...) {
        for (name, value) in elements { append(name: name, value: value) }
    }
}

extension RouteParameters: Hashable {
    /// Equal when both hold the same names with the same values, in any order, as
    /// dictionaries compare.
    public static func == (lhs: RouteParameters, rhs: RouteParameters) -> Bool {
        guard lhs.count == rhs.count else { return false }
        return lhs.allSatisfy { rhs[$0.name] == $0.value }
    }

    /// Hashes the parameters independently of their order, consistently with `==`.
    public func hash(into hasher: inout Hasher) {
        var combined = 0
        for (name, value) in self {
            var element = Hasher()
            element.combine(name)
            element.combine(value)
            combined ^= element.finalize()
        }
        hasher.combine(count)
        hasher.combine(combined)
    }
}

extension RouteParameters: CustomStringConvertible {
    /// For example `["id": "42", "**": "a/b"]`, in route order.
    public var description: String {
        guard !isEmpty else { return "[:]" }
        return "["
            + map { "\($0.name.debugDescription): \($0.value.debugDescription)" }.joined(separator: ", ")
            + "]"
    }
}
