/// Append-only storage that a table under construction shares with the tables already
/// published from it.
///
/// A published table reads only the elements that existed when it was published; the
/// builder writes only elements it appended after its last publication (see
/// ``TrieStore``), so readers and the writer never touch the same element. When the log
/// is full, ``appending(_:)`` moves to a larger copy and older tables keep the old one.
@usableFromInline
final class AppendLog<Element>: @unchecked Sendable {
    // @unchecked Sendable: elements below the count a table was published with are never
    // written again, and the publication goes through the router's lock, which orders the
    // writes before every read. `count` and elements above it are only touched by the one
    // builder, which holds the registry lock.
    /// The elements.
    @usableFromInline let base: UnsafeMutablePointer<Element>
    /// Room for this many elements.
    let capacity: Int
    /// How many elements are initialised.
    private(set) var count = 0

    /// An empty log with room for `capacity` elements, aligned on a cache line, so that an
    /// element whose size divides 64 bytes (the trie's nodes and edge slots) never
    /// straddles two lines.
    init(capacity: Int) {
        self.capacity = max(capacity, 4)
        base = UnsafeMutableRawPointer.allocate(
            byteCount: self.capacity * MemoryLayout<Element>.stride,
            alignment: max(Self.lineSize, MemoryLayout<Element>.alignment)
        ).bindMemory(to: Element.self, capacity: self.capacity)
    }

    /// The cache line size the logs are aligned on.
    static var lineSize: Int { 64 }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// Element `index`.
    @inlinable @inline(__always)
    subscript(index: Int) -> Element {
        get { base[index] }
        set { base[index] = newValue }
    }

    /// Appends `element` and returns the log that holds it: this one, or a copy twice as
    /// large when this one is full.
    func appending(_ element: Element) -> AppendLog {
        let log = count < capacity ? self : grown(toHold: count + 1)
        (log.base + log.count).initialize(to: element)
        log.count += 1
        return log
    }

    /// Appends `repeated` copies of `element`; returns the log that holds them.
    func appending(_ element: Element, repeated: Int) -> AppendLog {
        let log = count + repeated <= capacity ? self : grown(toHold: count + repeated)
        (log.base + log.count).initialize(repeating: element, count: repeated)
        log.count += repeated
        return log
    }

    /// Appends the elements of `elements`; returns the log that holds them.
    func appending(contentsOf elements: some Collection<Element>) -> AppendLog {
        let log = count + elements.count <= capacity ? self : grown(toHold: count + elements.count)
        for element in elements {
            (log.base + log.count).initialize(to: element)
            log.count += 1
        }
        return log
    }

    /// A copy of this log with room for at least `needed` elements.
    private func grown(toHold needed: Int) -> AppendLog {
        var capacity = self.capacity * 2
        while capacity < needed { capacity *= 2 }
        let log = AppendLog(capacity: capacity)
        log.base.initialize(from: base, count: count)
        log.count = count
        return log
    }
}
