#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// POSIX `read(2)` and `write(2)`, named through their C library on each platform, so that a
/// caller whose own type has `read` or `write` members reaches the system calls without a
/// `#if` of its own.
package enum POSIXIO {
    /// Reads up to `count` bytes from `descriptor` into `buffer`.
    ///
    /// - Returns: the number of bytes read, 0 at end of file, or -1 with `errno` set.
    package static func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.read(descriptor, buffer, count)
        #elseif canImport(Musl)
            Musl.read(descriptor, buffer, count)
        #else
            Darwin.read(descriptor, buffer, count)
        #endif
    }

    /// Writes up to `count` bytes from `bytes` to `descriptor`.
    ///
    /// - Returns: the number of bytes written, or -1 with `errno` set.
    package static func write(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.write(descriptor, bytes, count)
        #elseif canImport(Musl)
            Musl.write(descriptor, bytes, count)
        #else
            Darwin.write(descriptor, bytes, count)
        #endif
    }

    /// Writes all of `text`'s UTF-8 bytes to `descriptor`, calling `write(2)` again after a
    /// short write or an interrupted one.
    ///
    /// - Returns: 0, or the `errno` of the write that failed.
    package static func writeAll(_ descriptor: Int32, _ text: String) -> Int32 {
        var text = text
        return text.withUTF8 { bytes -> Int32 in
            guard var next = bytes.baseAddress else { return 0 }
            var remaining = bytes.count
            while remaining > 0 {
                let written = write(descriptor, next, remaining)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                next += written
                remaining -= written
            }
            return 0
        }
    }
}
