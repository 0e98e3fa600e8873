/// An ``AppendLog`` whose elements can also be replaced, for a log that published snapshots
/// read (the router's values by route order): a replacement costs O(1) amortised, where a
/// copy of the log per replacement made n replacements one at a time O(n²).
///
/// A published log is never written below its count. The first replacement after a
/// publication therefore moves to a spare copy of the log that no live snapshot reads
/// (``CopyRing``; the caller's ``TableCensus`` says which, as a snapshot holds its table),
/// which gets the writes it lacks and then this one; when every spare is still read, it
/// copies the log instead. Appends go in place, after the elements published logs read, as
/// in ``AppendLog``.
struct ReplaceableLog<Element: Sendable>: Sendable {
    /// The log the next publication reads.
    private(set) var log: AppendLog<Element>
    /// The spare copies, and the writes (appends at an index past a spare's count, and
    /// replacements) they lack.
    private var spares = CopyRing<AppendLog<Element>, (index: Int, element: Element)>(firstReader: 0)
    /// Whether ``log`` has been published since it became the log: it is then written only
    /// by appending.
    private var isPublished = false
    /// Elements copied by whole copies of the log (for tests).
    private(set) var copied = 0

    /// An empty log with room for `capacity` elements.
    init(capacity: Int) {
        log = AppendLog(capacity: capacity)
    }

    /// Element `index`.
    subscript(index: Int) -> Element {
        log[index]
    }

    /// The elements.
    var count: Int { log.count }

    /// The log to publish; later writes do not change the elements it holds.
    mutating func publish() -> AppendLog<Element> {
        isPublished = true
        return log
    }

    /// Appends `element`.
    mutating func append(_ element: Element) {
        log = log.appending(element)
        note(log.count - 1, element)
    }

    /// Replaces element `index` with `element`; `census` says which published tables, and
    /// so which snapshots, may still be alive.
    ///
    /// - Complexity: O(1) amortised, unless snapshots still read every spare: O(n) then.
    mutating func replace(_ index: Int, with element: Element, census: TableCensus) {
        if isPublished {
            let published = log
            switch spares.move(from: published, census: census, maxSpares: 3) {
            case .reuse(let spare, let missing?):
                log = missing.reduce(spare) { log, write in
                    guard write.index < log.count else { return log.appending(write.element) }
                    log[write.index] = write.element
                    return log
                }
            case .reuse(_, nil), .fresh:
                copied += published.count
                log = AppendLog(capacity: published.capacity).appending(
                    contentsOf: (0..<published.count).lazy.map { published[$0] })
            }
            isPublished = false
        }
        log[index] = element
        note(index, element)
    }

    /// Notes a write for the spares; past a quarter of the log (at least 16), they are
    /// better copied whole.
    private mutating func note(_ index: Int, _ element: Element) {
        spares.note((index, element), limit: max(16, log.count / 4))
    }
}
