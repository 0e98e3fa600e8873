#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a whole file as UTF-8 text, turning every way that can fail into a one-line
/// ``CommandError`` that names the file.
enum TextFile {
    /// The contents of the file at `path`.
    ///
    /// - Throws: ``CommandError`` when the file does not exist, is a directory, cannot be
    ///   read, or is not UTF-8 text.
    static func read(_ path: String) throws(CommandError) -> String {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw failure(path, errno: errno) }
        defer { close(descriptor) }
        var information = stat()
        guard fstat(descriptor, &information) == 0 else { throw failure(path, errno: errno) }
        if information.st_mode & S_IFMT == S_IFDIR { throw failure(path, errno: EISDIR) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(path, errno: errno)
            }
            if count == 0 { break }
            bytes += chunk[0..<count]
        }
        // Decoding repairs ill-formed UTF-8, so the bytes were UTF-8 exactly when they come
        // back unchanged (String(validating:) needs macOS 15).
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.utf8.elementsEqual(bytes) else {
            throw CommandError("cannot read \(path.quoted): not UTF-8 text")
        }
        return text
    }

    private static func systemRead(
        _ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int
    ) -> Int {
        #if canImport(Darwin)
            Darwin.read(descriptor, buffer, count)
        #elseif canImport(Musl)
            Musl.read(descriptor, buffer, count)
        #else
            Glibc.read(descriptor, buffer, count)
        #endif
    }

    private static func failure(_ path: String, errno code: Int32) -> CommandError {
        let reason =
            switch code {
            case ENOENT: "no such file"
            case EISDIR: "is a directory"
            case EACCES: "permission denied"
            case ENOTDIR: "a part of the path is not a directory"
            default: String(cString: strerror(code))
            }
        return CommandError("cannot read \(path.quoted): \(reason)")
    }
}
