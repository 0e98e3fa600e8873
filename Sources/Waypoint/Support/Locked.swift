#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value guarded by a pthread mutex.
///
/// Waypoint uses this rather than `Synchronization.Mutex` because ThreadSanitizer on Linux
/// does not see `Mutex`'s lock and reports every value it guards as racy, which would hide
/// real races in the noise; TSan does intercept pthread mutexes. The critical sections are
/// short (copying a reference, appending to a list), so the lock's cost does not matter.
///
/// The value and the mutex live in one heap object (a `ManagedBuffer` with the value as its
/// header and the mutex as its one element), so a lock costs one allocation, not one for
/// the object and one each for the value and the mutex; every link with a query makes one.
/// Copies of a `Locked` share the value and the lock.
package struct Locked<Value: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: `storage` (a ManagedBuffer, which is not Sendable) is never
    // replaced, and its header, the value, is only read or written between
    // pthread_mutex_lock and pthread_mutex_unlock on its element, the mutex; both live at
    // fixed addresses inside the object for its whole life. The header is reached through
    // its pointer rather than the stored `header` property, so that reaching it costs no
    // dynamic exclusivity check (about 60 instructions a call, on every match): the mutex
    // already makes each access exclusive.
    private let storage: Storage

    /// The value (the header) and the mutex (the element).
    private final class Storage: ManagedBuffer<Value, pthread_mutex_t> {
        deinit {
            // ManagedBuffer destroys the header; the element is ours to destroy.
            withUnsafeMutablePointerToElements { mutex in
                pthread_mutex_destroy(mutex)
                mutex.deinitialize(count: 1)
            }
        }
    }

    /// Creates a lock around `value`.
    package init(_ value: Value) {
        storage = unsafeDowncast(Storage.create(minimumCapacity: 1) { _ in value }, to: Storage.self)
        storage.withUnsafeMutablePointerToElements { mutex in
            mutex.initialize(to: pthread_mutex_t())
            let status = pthread_mutex_init(mutex, nil)
            precondition(status == 0, "pthread_mutex_init failed: \(status)")
        }
    }

    /// Runs `body` with exclusive access to the value.
    @inline(__always)
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try storage.withUnsafeMutablePointers { value, mutex in
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return try body(&value.pointee)
        }
    }
}
