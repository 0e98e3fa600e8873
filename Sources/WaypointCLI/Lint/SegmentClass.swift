/// A set of URL segments one step of a route accepts, as lint reasons about them.
///
/// A URL is read as a word of segments: its host first (the empty string when it has none),
/// then its path segments, each percent-decoded (Documentation/spec/routing.md §4). A route accepts a set of
/// such words; each step of it accepts one segment from one of these sets.
enum SegmentClass: Sendable, Hashable {
    /// The empty segment only.
    case empty
    /// The non-empty segments equal to this key. The key is already folded the way its
    /// position compares (ASCII lower case for hosts, and for paths when they are
    /// case-insensitive), and so is the URL segment before comparing.
    case literal(String)
    /// The segments one per-segment regex matches, keyed by its text: a non-ASCII literal
    /// that PCRE2 compares ignoring case (the key is the literal), or a host pattern (the
    /// key is its regex, parameter names left out). Lint does not read these regexes, so it
    /// only knows that the same key gives the same set.
    case folded(String)
    /// Every non-empty segment (`:name`, `*`).
    case nonEmpty
    /// Every segment, the empty one included.
    case any
    /// Every segment, and every rest of an opaque regex tail: the label of loops that
    /// consume whatever remains (`**`, a `.*` tail).
    case anyRest
    /// The rests of the URL that one regex tail, which lint cannot read, matches.
    case rest(TailSignature)

    /// Whether `atom` is in the set.
    func contains(_ atom: Atom) -> Bool {
        switch (self, atom) {
        case (.anyRest, _): true
        case (.any, .rest), (.nonEmpty, .rest): false
        case (.any, _): true
        case (.nonEmpty, .empty): false
        case (.nonEmpty, _): true
        case (.empty, .empty): true
        case (.literal(let key), .literal(let other)): key == other
        case (.folded(let text), .folded(let other)): text == other
        case (.rest(let signature), .rest(let other)): signature == other
        default: false
        }
    }

    /// The atoms this set names itself; the others (``Atom/empty``, ``Atom/other``) are in
    /// every alphabet.
    var namedAtom: Atom? {
        switch self {
        case .literal(let key): .literal(key)
        case .folded(let text): .folded(text)
        case .rest(let signature): .rest(signature)
        case .empty, .nonEmpty, .any, .anyRest: nil
        }
    }

    /// The atom a shortest word takes for a step with this label: its own atom, the empty
    /// segment, or *other* for the classes that hold any non-empty segment.
    var representative: Atom {
        switch self {
        case .empty: .empty
        case .literal(let key): .literal(key)
        case .folded(let text): .folded(text)
        case .nonEmpty, .any, .anyRest: .other
        case .rest(let signature): .rest(signature)
        }
    }
}
