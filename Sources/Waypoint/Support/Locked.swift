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
package final class Locked<Value: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: the value is only read or written between pthread_mutex_lock and
    // pthread_mutex_unlock on `mutex`; both live at fixed addresses for the object's life.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    // The value is behind a pointer rather than in a stored `var`, so that reaching it costs
    // no dynamic exclusivity check (about 60 instructions a call, on every match): the mutex
    // already makes each access exclusive.
    private let value: UnsafeMutablePointer<Value>

    /// Creates a lock around `value`.
    package init(_ value: Value) {
        self.value = UnsafeMutablePointer<Value>.allocate(capacity: 1)
        self.value.initialize(to: value)
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
        value.deinitialize(count: 1)
        value.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    @inline(__always)
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }
}
