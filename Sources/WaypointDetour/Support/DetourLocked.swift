import Foundation

/// A value guarded by a lock, for state that synchronous, any-thread entry points share.
///
/// `@unchecked Sendable` is sound because `value` is only ever read or written inside
/// `withLock`, while `lock` is held, and `Value` itself is `Sendable`. (`Mutex` from the
/// Synchronization module would do the same but needs macOS 15 / iOS 18 on Apple platforms.)
package final class DetourLocked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// Creates the box with an initial value.
    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value. `body` must not block on other locks
    /// that could be waiting for this one, and must not suspend.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
