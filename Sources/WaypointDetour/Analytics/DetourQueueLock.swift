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

    /// Why the lock was not taken.
    package enum Failure: Error, Sendable, CustomStringConvertible {
        /// Another open queue (in this process or another) holds it.
        case held(path: String)
        /// The lock file could not be opened or locked, for the reason given (`errno`).
        case unavailable(DurableFile.Failure)

        package var description: String {
            switch self {
            case .held(let path): "\(path) is held by another queue"
            case .unavailable(let failure): failure.description
            }
        }
    }

    /// Takes the lock without waiting, or says why not: held by another queue, or a file
    /// the process may not open or lock, with its `errno`.
    package static func acquire(at url: URL) -> Result<DetourQueueLock, Failure> {
        let path = url.path
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return .failure(.unavailable(DurableFile.Failure("open", path, errno))) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            close(descriptor)
            if code == EWOULDBLOCK { return .failure(.held(path: path)) }
            return .failure(.unavailable(DurableFile.Failure("flock", path, code)))
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
