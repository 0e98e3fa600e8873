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

    /// The names and values, and the route of the match they belong to; nil for no
    /// parameters outside a match. For slices it is the route's own storage, made when the
    /// route was registered and shared by all its matches.
    private let storage: Storage?
    /// The matched string the slices are ranges of; empty when there are no slices.
    private let source: String
    /// The slices' ranges in `source`.
    private let bounds: SliceBounds

    // Two reference-counted fields rather than four (route, names, values, source): each
    // costs a retain when a match is made and a release when it is dropped, and with four
    // the caller destroyed a match through the runtime's generic value witnesses. Plain
    // stored properties rather than an enum of the two forms, for the same reason.

    /// What the parameters of one match hold besides the slices.
    final class Storage: Sendable {
        /// The route string of the match (``RouteMatch/route``); empty outside a match.
        let route: String
        /// When the values are slices: the route's parameter names; empty otherwise.
        let sliceNames: [String]
        /// When the values are strings: the parameters, in route order.
        let elements: [Element]

        init(route: String, sliceNames: [String] = [], elements: [Element] = []) {
            self.route = route
            self.sliceNames = sliceNames
            self.elements = elements
        }
    }

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

    /// Parameters with `storage`, whose values are strings unless `source` is given.
    private init(storage: Storage?, source: String = "", bounds: SliceBounds = SliceBounds()) {
        self.storage = storage
        self.source = source
        self.bounds = bounds
    }

    /// No parameters.
    public init() {
        self.init(storage: nil)
    }

    /// The parameters `elements`, as strings, of a match of `route` (empty outside a match).
    package init(route: String = "", elements: [Element]) {
        self.init(storage: Storage(route: route, elements: elements))
    }

    /// The parameters held by `storage` (a route's shared storage): its strings (none for
    /// a route's storage), or, when `bounds` are given, the UTF-8 ranges of `source` at
    /// `bounds`, one per name of `storage`, between 1 and ``sliceCapacity``, each on
    /// character boundaries of `source`.
    init(shared storage: Storage, source: String = "", bounds: SliceBounds? = nil) {
        if let bounds {
            assert(!storage.sliceNames.isEmpty && storage.sliceNames.count <= Self.sliceCapacity)
            self.init(storage: storage, source: source, bounds: bounds)
        } else {
            self.init(storage: storage)
        }
    }

    /// The parameters of a dictionary, ordered by name.
    public init(_ dictionary: [String: String]) {
        self.init(elements: dictionary.sorted(by: { $0.key < $1.key }).map { ($0.key, $0.value) })
    }

    /// The route of the match these parameters belong to; empty outside a match.
    var route: String { storage?.route ?? "" }

    /// The same parameters, as part of a match of `route`.
    func attached(to route: String) -> RouteParameters {
        guard let storage else { return RouteParameters(route: route, elements: []) }
        if storage.route == route { return self }
        return RouteParameters(
            storage: Storage(route: route, sliceNames: storage.sliceNames, elements: storage.elements),
            source: source, bounds: bounds)
    }

    /// Adds a parameter after the others, to parameters held as strings. The caller keeps
    /// names unique. It makes a new storage each time: what builds many parameters makes
    /// an array and ``init(route:elements:)`` once.
    mutating func append(name: String, value: String) {
        assert(sliceNames.isEmpty)
        let route = self.route
        var elements = storage?.elements ?? []
        self = RouteParameters()
        elements.append((name, value))
        self = RouteParameters(route: route, elements: elements)
    }

    /// Whether the values are held as ranges of the matched string, made into strings only
    /// when read.
    var holdsSlices: Bool { !sliceNames.isEmpty }

    /// The names of the values held as slices; empty when they are strings.
    @inline(__always)
    private var sliceNames: [String] { storage?.sliceNames ?? [] }

    /// The values held as strings; empty when they are slices.
    @inline(__always)
    private var elements: [Element] { storage?.elements ?? [] }

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
