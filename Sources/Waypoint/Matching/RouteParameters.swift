/// The parameters a route captured from a URL: names and percent-decoded values, in the
/// order the route names them.
///
/// It reads like a dictionary — `parameters["id"]`, `parameters == ["id": "42"]` — but
/// keeps the parameters' order and is built without hashing; ``dictionary`` gives a
/// `[String: String]`. A match of up to four parameters keeps them as ranges of the matched
/// string and makes a value's `String` only when it is read, so matching allocates nothing;
/// the value is safe to keep and send either way. Names are
/// unique within a route; a `:name?` whose segment is absent, or a named group that did not
/// take part in the match, is not present; `**` is captured under the name `"**"`.
public struct RouteParameters: Sendable {
    /// One parameter.
    public typealias Element = (name: String, value: String)

    /// How the values are held.
    private enum Storage: Sendable {
        /// Names and values as strings, in route order.
        case strings([Element])
        /// Up to four values as UTF-8 offset ranges of the string that was matched, made
        /// into strings only when read: what a match of a route with only `:name` segments
        /// returns for a URL without escapes, so that it allocates nothing. `names` is the
        /// route's own list, shared by every match of the route; `bounds` holds the start
        /// and end offset of each value, interleaved.
        case slices(names: [String], source: String, bounds: SIMD8<UInt32>)
    }

    private var storage: Storage

    /// The most values a match keeps as offsets rather than strings.
    static let sliceCapacity = 4

    /// No parameters.
    public init() {
        storage = .strings([])
    }

    /// No parameters yet, with room for `capacity` without reallocating.
    init(capacity: Int) {
        var elements: [Element] = []
        elements.reserveCapacity(capacity)
        storage = .strings(elements)
    }

    /// The parameters named `names`, whose values are the UTF-8 ranges of `source` at
    /// `bounds` (start and end of each, interleaved); at most ``sliceCapacity``, each
    /// range on character boundaries of `source`.
    init(names: [String], source: String, bounds: SIMD8<UInt32>) {
        assert(names.count <= Self.sliceCapacity)
        storage = .slices(names: names, source: source, bounds: bounds)
    }

    /// The parameters of a dictionary, ordered by name.
    public init(_ dictionary: [String: String]) {
        storage = .strings(dictionary.sorted(by: { $0.key < $1.key }).map { ($0.key, $0.value) })
    }

    /// Adds a parameter after the others. The caller keeps names unique.
    @inline(__always)
    mutating func append(name: String, value: String) {
        var elements: [Element]
        switch storage {
        case .strings(let current): elements = current
        case .slices: elements = Array(self)
        }
        storage = .strings([])
        elements.append((name, value))
        storage = .strings(elements)
    }

    /// The value at `position` of slices of `source`.
    private static func value(at position: Int, source: String, bounds: SIMD8<UInt32>) -> String {
        let utf8 = source.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: Int(bounds[2 &* position]))
        let end = utf8.index(utf8.startIndex, offsetBy: Int(bounds[2 &* position &+ 1]))
        return String(Substring(utf8[start..<end]))
    }

    /// The value of the parameter named `name`, or nil when the route did not capture it.
    ///
    /// - Complexity: O(n) in the number of parameters, which routes keep small.
    public subscript(name: String) -> String? {
        switch storage {
        case .strings(let elements):
            for element in elements where element.name == name {
                return element.value
            }
        case .slices(let names, let source, let bounds):
            for position in names.indices where names[position] == name {
                return Self.value(at: position, source: source, bounds: bounds)
            }
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
    public var endIndex: Int {
        switch storage {
        case .strings(let elements): elements.count
        case .slices(let names, _, _): names.count
        }
    }

    /// The parameter at `position`, in route order.
    public subscript(position: Int) -> Element {
        switch storage {
        case .strings(let elements):
            return elements[position]
        case .slices(let names, let source, let bounds):
            precondition(names.indices.contains(position), "RouteParameters index out of range")
            return (names[position], Self.value(at: position, source: source, bounds: bounds))
        }
    }
}

extension RouteParameters: ExpressibleByDictionaryLiteral {
    /// Parameters in the literal's order: `["id": "42", "tab": "reviews"]`.
    public init(dictionaryLiteral elements: (String, String)...) {
        storage = .strings(elements.map { ($0.0, $0.1) })
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
