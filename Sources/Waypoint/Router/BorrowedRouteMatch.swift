/// The winning route of a lookup, lent to the closure of ``Router/withMatch(path:_:)``:
/// the route and where its parameters' values are in the looked-up string, with nothing
/// made that the closure does not read.
///
/// A borrowed match is valid only inside the closure it is passed to: do not store it or
/// return it (take ``match`` for a value to keep). Its ``priority`` and ranges are plain
/// numbers; its ``route``, ``name(at:)``, ``value(at:)`` and ``routeParameters`` make their
/// strings when read.
///
/// For a route whose parameters are all `:name` segments (at most four), none of them
/// percent-decoded, the values are ranges of the looked-up string as written:
/// ``utf8Range(at:)`` gives them without making a string. For any other match (a regex, a
/// `**`, an optional segment, a decoded value) the lookup makes the whole ``RouteMatch``
/// first, as ``Router/match(path:)`` does, and ``utf8Range(at:)`` is nil.
///
/// ```swift
/// let router = Router()
/// try router.register("/repos/:owner/:repo") { _ in }
/// let path = "/repos/apple/swift"
/// let owner = router.withMatch(path: path) { match -> Substring? in
///     guard let match, let range = match.utf8Range(at: 0) else { return nil }
///     let utf8 = path.utf8
///     return Substring(
///         utf8[utf8.index(utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(
///             utf8.startIndex, offsetBy: range.upperBound)])
/// }
/// // owner == "apple"
/// ```
public struct BorrowedRouteMatch {
    /// What the match is made of.
    private enum Form {
        /// A route's shared storage (held by the table the lookup holds while the closure
        /// runs), the values' UTF-8 ranges in ``source``, and how many there are.
        case ranges(
            Unmanaged<RouteParameters.Storage>, bounds: RouteParameters.SliceBounds, count: Int)
        /// A match the lookup made whole, held by the lookup while the closure runs.
        case made(UnsafePointer<RouteMatch>)
    }

    private let form: Form
    /// The looked-up string, which the caller holds while the closure runs.
    private let source: UnsafePointer<String>

    /// The route's position in registration order (0 is the first registered), as
    /// ``RouteMatch/priority``.
    public let priority: Int

    /// The match of a route whose values are `count` ranges of `source`.
    init(
        storage: Unmanaged<RouteParameters.Storage>, priority: Int, bounds: RouteParameters.SliceBounds,
        count: Int, source: UnsafePointer<String>
    ) {
        form = .ranges(storage, bounds: bounds, count: count)
        self.priority = priority
        self.source = source
    }

    /// A match made whole.
    init(made match: UnsafeMutablePointer<RouteMatch>, source: UnsafePointer<String>) {
        form = .made(UnsafePointer(match))
        priority = match.pointee.priority
        self.source = source
    }

    /// The route string, exactly as registered.
    public var route: String {
        switch form {
        case .ranges(let storage, _, _): storage._withUnsafeGuaranteedRef(\.route)
        case .made(let match): match.pointee.route
        }
    }

    /// The number of parameters the route captured.
    public var count: Int {
        switch form {
        case .ranges(_, _, let count): count
        case .made(let match): match.pointee.routeParameters.count
        }
    }

    /// The name of parameter `position`, in route order (`0..<count`).
    public func name(at position: Int) -> String {
        precondition(position >= 0 && position < count, "BorrowedRouteMatch parameter index out of range")
        switch form {
        case .ranges(let storage, _, _): return storage._withUnsafeGuaranteedRef { $0.sliceNames[position] }
        case .made(let match): return match.pointee.routeParameters[position].name
        }
    }

    /// The UTF-8 offsets in the looked-up string of the value of parameter `position`
    /// (`0..<count`), as written; nil when the value is not a range of it as written (see
    /// the type's discussion): read ``value(at:)`` then.
    public func utf8Range(at position: Int) -> Range<Int>? {
        precondition(position >= 0 && position < count, "BorrowedRouteMatch parameter index out of range")
        guard case .ranges(_, let bounds, _) = form else { return nil }
        let range = bounds[position]
        return range.start..<range.end
    }

    /// The value of parameter `position` (`0..<count`), percent-decoded, as
    /// ``RouteParameters`` gives it.
    public func value(at position: Int) -> String {
        precondition(position >= 0 && position < count, "BorrowedRouteMatch parameter index out of range")
        switch form {
        case .ranges(_, let bounds, _):
            let range = bounds[position]
            let utf8 = source.pointee.utf8
            let start = utf8.index(utf8.startIndex, offsetBy: range.start)
            let end = utf8.index(utf8.startIndex, offsetBy: range.end)
            return String(Substring(utf8[start..<end]))
        case .made(let match):
            return match.pointee.routeParameters[position].value
        }
    }

    /// The parameters, as ``RouteMatch/routeParameters`` holds them; made when read.
    public var routeParameters: RouteParameters {
        switch form {
        case .ranges(let storage, let bounds, let count):
            count == 0
                ? RouteParameters(shared: storage.takeUnretainedValue())
                : RouteParameters(
                    shared: storage.takeUnretainedValue(), source: source.pointee, bounds: bounds)
        case .made(let match):
            match.pointee.routeParameters
        }
    }

    /// The match as a value to keep, as ``Router/match(path:)`` returns it; made when read.
    public var match: RouteMatch {
        switch form {
        case .ranges: RouteMatch(matched: routeParameters, priority: priority)
        case .made(let match): match.pointee
        }
    }
}
