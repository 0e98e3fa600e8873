/// A class of URL segments that every route step of a comparison treats alike: the
/// alphabet lint compares route languages over.
///
/// For two routes, the segments split into the empty one, one class per literal key the
/// routes name, and *other*: every remaining non-empty segment. Each step's
/// ``SegmentClass`` is a union of these classes, so comparing words of atoms compares the
/// routes on every URL. ``folded(_:)`` and ``rest(_:)`` atoms stand for sets lint cannot
/// enumerate; they may overlap others, which can only hide a shadowing, never invent one.
enum Atom: Sendable, Hashable {
    /// The empty segment.
    case empty
    /// The segments equal to a literal key.
    case literal(String)
    /// The segments that match a per-segment regex: a non-ASCII literal when ignoring
    /// case, or a host pattern (``SegmentClass/folded(_:)``).
    case folded(String)
    /// Any non-empty segment that is none of the named atoms.
    case other
    /// A rest of the URL that an opaque regex tail matches.
    case rest(TailSignature)

    /// A key that orders atoms, so alphabets are enumerated the same way every run.
    var sortKey: String {
        switch self {
        case .empty: "0"
        case .other: "1"
        case .literal(let key): "2" + key
        case .folded(let text): "3" + text
        case .rest(let signature): "4" + signature.parts.joined(separator: "\u{0}")
        }
    }
}
