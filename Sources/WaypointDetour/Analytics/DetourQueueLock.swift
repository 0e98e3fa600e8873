import Foundation
import Waypoint

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An advisory exclusive `flock` on `analytics-queue/.lock`, held while a queue is open, so
/// one process (one queue) uses the directory at a time. Released on `release()` or deinit.
package final class DetourQueueLock: Sendable {
    private let descriptor: Locked<Int32?>

    private init(descriptor: Int32) {
        self.descriptor = Locked(descriptor)
    }

    /// Takes the lock without waiting, or returns nil with the reason.
    package static func acquire(at url: URL) -> Result<DetourQueueLock, DurableFile.Failure> {
        let path = url.path
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return .failure(DurableFile.Failure("open", path, errno)) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            close(descriptor)
            return .failure(DurableFile.Failure("flock", path, code))
        }
        return .success(DetourQueueLock(descriptor: descriptor))
    }

    /// Releases the lock; later calls do nothing.
    package func release() {
        guard
            let descriptor = descriptor.withLock({ held -> Int32? in
                defer { held = nil }
                return held
            })
        else { return }
        _ = flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    deinit {
        release()
    }
}
