/// An ``AppendLog`` whose elements can also be replaced, for a log that published snapshots
/// read (the router's values by route order): a replacement costs O(1) amortised, where a
/// copy of the log per replacement made n replacements one at a time O(n²).
///
/// A published log is never written below its count. The first replacement after a
/// publication therefore moves to the log's twin, a second copy that only older snapshots
/// read, once they are gone (the caller says so, from the ``TableCensus``): the twin gets
/// the writes the log has had since the two parted, then this one. While an older snapshot
/// is still held, or when the twin has fallen too far behind, it copies the log instead.
/// Appends go in place, after the elements published logs read, as in ``AppendLog``.
struct TwinnedLog<Element: Sendable>: Sendable {
    /// The log the next publication reads.
    private(set) var log: AppendLog<Element>
    /// The other copy, which only snapshots older than the last published one read, or nil.
    private var twin: AppendLog<Element>?
    /// The writes ``log`` has had since it and ``twin`` were equal, in order: appends
    /// (an index at the twin's count or beyond) and replacements.
    private var pending: [(index: Int, element: Element)] = []
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

    /// Replaces element `index` with `element`. `twinUnread` says that no snapshot older
    /// than the last one published is left, so that the twin may be written.
    ///
    /// - Complexity: O(1) amortised when `twinUnread`; O(n) otherwise.
    mutating func replace(_ index: Int, with element: Element, twinUnread: Bool) {
        if isPublished {
            let published = log
            if let twin, twinUnread {
                log = pending.reduce(twin) { log, write in
                    guard write.index < log.count else { return log.appending(write.element) }
                    log[write.index] = write.element
                    return log
                }
            } else {
                copied += published.count
                log = AppendLog(capacity: published.capacity).appending(
                    contentsOf: (0..<published.count).lazy.map { published[$0] })
            }
            twin = published
            pending = []
            isPublished = false
        }
        log[index] = element
        note(index, element)
    }

    /// Notes a write for the twin, or lets the twin go when replaying the writes would cost
    /// more than a copy of the log.
    private mutating func note(_ index: Int, _ element: Element) {
        guard twin != nil else { return }
        if pending.count >= max(16, log.count / 4) {
            twin = nil
            pending = []
        } else {
            pending.append((index, element))
        }
    }
}
