import CWaypointAtomics

/// The router's published snapshot: readers borrow it without a lock and without a
/// retain, for two atomic read-modify-writes a read (see `WaypointAtomics.h` for the
/// protocol and why it is sound); publishing waits until no reader can still see the
/// object it replaces, then releases it.
///
/// A `read` must not publish, nor run code that might (a handler, a gate, any closure of
/// the user's): the publication would wait for the read that is making it. Code that
/// runs such things takes ``current``, a strong reference, and leaves the read at once.
///
/// A class, so that ``RouteBook`` (a copyable struct both routers store) can hold it: a
/// lookup reaches it through the book's reference without retaining it.
@usableFromInline
final class Publication<Object: AnyObject & Sendable>: @unchecked Sendable {
    // @unchecked Sendable: the cell is only touched through the atomic operations of
    // WaypointAtomics.h, and the object it points to is Sendable and held +1 by the cell
    // until a publication's grace period has passed.
    @usableFromInline let cell: UnsafeMutablePointer<wp_publication>

    /// A publication of `object`.
    init(_ object: Object) {
        cell = .allocate(capacity: 1)
        cell.initialize(
            to: wp_publication(
                current: Unmanaged.passRetained(object).toOpaque(), epoch: 0, readers: (0, 0)))
    }

    deinit {
        // No reader is left: each holds the owner of this publication.
        if let current = cell.pointee.current { Unmanaged<Object>.fromOpaque(current).release() }
        cell.deinitialize(count: 1)
        cell.deallocate()
    }

    /// Calls `body` with the object published now, borrowed: no retain, no release.
    @inlinable @inline(__always)
    func read<Result>(_ body: (Object) -> Result) -> Result {
        let slot = wp_publication_enter(cell)
        defer { wp_publication_leave(cell, slot) }
        return Unmanaged<Object>.fromOpaque(wp_publication_current(cell).unsafelyUnwrapped)
            ._withUnsafeGuaranteedRef(body)
    }

    /// The object published now, as a strong reference.
    @inlinable
    var current: Object {
        read { $0 }
    }

    /// Publishes `object`. Callers serialise their publications (the router's registry
    /// lock), and none may be inside a ``read(_:)``.
    func publish(_ object: Object) {
        let old = wp_publication_exchange(cell, Unmanaged.passRetained(object).toOpaque())
        if let old { Unmanaged<Object>.fromOpaque(old).release() }
    }
}
