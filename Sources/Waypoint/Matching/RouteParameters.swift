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

    /// The parameters as strings, in route order; empty when they are held as slices.
    private var elements: [Element]
    /// When the values are held as slices: the route's names, shared by every match of the
    /// route; empty otherwise. Up to four values are kept as UTF-8 offset ranges of the
    /// string that was matched and made into strings only when read: what a match of a
    /// route with only `:name` segments returns for a URL without escapes, so that it
    /// allocates nothing.
    private let sliceNames: [String]
    /// The matched string the slices are ranges of; empty when there are no slices.
    private let source: String
    /// The slices' ranges in `source`.
    private let bounds: SliceBounds

    // Plain stored properties rather than an enum of the two forms: with an enum, the
    // compiler destroyed every match through the runtime's generic value witnesses, about
    // 250 instructions a match.

    /// The most values a match keeps as offsets rather than strings.
    static let sliceCapacity = 4

    /// The UTF-8 ranges of up to ``sliceCapacity`` values, each packed into one word (start
    /// offset high, end offset low).
    struct SliceBounds: Sendable {
        private var first: UInt64 = 0
        private var second: UInt64 = 0
        private var third: UInt64 = 0
        private var fourth: UInt64 = 0

        /// The range of value `position`, in `0..<sliceCapacity`.
        @inline(__always)
        subscript(position: Int) -> (start: Int, end: Int) {
            get {
                let word: UInt64
                switch position {
                case 0: word = first
                case 1: word = second
                case 2: word = third
                default: word = fourth
                }
                return (Int(truncatingIfNeeded: word >> 32), Int(truncatingIfNeeded: word & 0xFFFF_FFFF))
            }
            set {
                let word =
                    UInt64(truncatingIfNeeded: newValue.start) << 32
                    | UInt64(truncatingIfNeeded: newValue.end) & 0xFFFF_FFFF
                switch position {
                case 0: first = word
                case 1: second = word
                case 2: third = word
                default: fourth = word
                }
            }
        }
    }

    /// Parameters held as strings.
    private init(elements: [Element]) {
        self.elements = elements
        sliceNames = []
        source = ""
        bounds = SliceBounds()
    }

    /// No parameters.
    public init() {
        self.init(elements: [])
    }

    /// No parameters yet, with room for `capacity` without reallocating.
    init(capacity: Int) {
        var elements: [Element] = []
        elements.reserveCapacity(capacity)
        self.init(elements: elements)
    }

    /// The parameters named `names`, whose values are the UTF-8 ranges of `source` at
    /// `bounds`; between 1 and ``sliceCapacity``, each range on character boundaries of
    /// `source`.
    init(names: [String], source: String, bounds: SliceBounds) {
        assert(!names.isEmpty && names.count <= Self.sliceCapacity)
        elements = []
        sliceNames = names
        self.source = source
        self.bounds = bounds
    }

    /// The parameters of a dictionary, ordered by name.
    public init(_ dictionary: [String: String]) {
        self.init(elements: dictionary.sorted(by: { $0.key < $1.key }).map { ($0.key, $0.value) })
    }

    /// Adds a parameter after the others. The caller keeps names unique, and only adds to
    /// parameters held as strings (what ``init(capacity:)`` makes).
    @inline(__always)
    mutating func append(name: String, value: String) {
        assert(sliceNames.isEmpty)
        elements.append((name, value))
    }

    /// The value at `position` of the slices.
    private func sliceValue(at position: Int) -> String {
        let utf8 = source.utf8
        let range = bounds[position]
        let start = utf8.index(utf8.startIndex, offsetBy: range.start)
        let end = utf8.index(utf8.startIndex, offsetBy: range.end)
        return String(Substring(utf8[start..<end]))
    }

    /// The value of the parameter named `name`, or nil when the route did not capture it.
    ///
    /// - Complexity: O(n) in the number of parameters, which routes keep small.
    public subscript(name: String) -> String? {
        if sliceNames.isEmpty {
            for element in elements where element.name == name {
                return element.value
            }
        } else {
            for position in sliceNames.indices where sliceNames[position] == name {
                return sliceValue(at: position)
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
    public var endIndex: Int { sliceNames.isEmpty ? elements.count : sliceNames.count }

    /// The parameter at `position`, in route order.
    public subscript(position: Int) -> Element {
        if sliceNames.isEmpty { return elements[position] }
        precondition(sliceNames.indices.contains(position), "RouteParameters index out of range")
        return (sliceNames[position], sliceValue(at: position))
    }
}

extension RouteParameters: ExpressibleByDictionaryLiteral {
    /// Parameters in the literal's order: `["id": "42", "tab": "reviews"]`.
    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements: elements.map { ($0.0, $0.1) })
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
