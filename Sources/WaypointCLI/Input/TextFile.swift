import WaypointPOSIX
import WaypointTables

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a whole file as UTF-8 text, turning every way that can fail into a one-line
/// ``CommandError`` that names the file.
///
/// `-` is standard input. Anything else must be a regular file: a device such as
/// `/dev/zero` never ends and a FIFO may never be written, so both are refused before a
/// byte is read (the file is opened without blocking, so opening a FIFO cannot hang).
/// Files larger than ``maximumSize`` are refused too, and standard input is read only up
/// to that size.
enum TextFile {
    /// The most bytes read from one file: 64 MiB, far above any routes file or table
    /// (100,000 routes take about 4 MB).
    static let maximumSize = 64 << 20

    /// How messages name `path`: standard input for `-`, else the path as given.
    static func displayName(_ path: String) -> String {
        path == "-" ? "<stdin>" : path
    }

    /// The contents of the file at `path`, or of standard input for `-`.
    ///
    /// - Throws: ``CommandError`` when the file does not exist, is a directory or not a
    ///   regular file, is larger than ``maximumSize``, cannot be read, or is not UTF-8 text.
    static func read(_ path: String) throws(CommandError) -> String {
        let isStandardInput = path == "-"
        let descriptor = isStandardInput ? STDIN_FILENO : open(path, O_RDONLY | O_NONBLOCK)
        guard descriptor >= 0 else { throw failure(path, errno: errno) }
        defer { if !isStandardInput { close(descriptor) } }
        var information = stat()
        guard fstat(descriptor, &information) == 0 else { throw failure(path, errno: errno) }
        let type = information.st_mode & S_IFMT
        if !isStandardInput {
            if type == S_IFDIR { throw failure(path, errno: EISDIR) }
            guard type == S_IFREG else {
                throw CommandError(
                    "cannot read \(path.quoted): not a regular file (a device, FIFO or socket)")
            }
            guard information.st_size <= maximumSize else { throw tooLarge(path) }
            // Reads of a regular file do not block; clear the flag all the same.
            _ = fcntl(descriptor, F_SETFL, 0)
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { POSIXIO.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(path, errno: errno)
            }
            if count == 0 { break }
            guard bytes.count + count <= maximumSize else { throw tooLarge(path) }
            bytes += chunk[0..<count]
        }
        // Decoding repairs ill-formed UTF-8, so the bytes were UTF-8 exactly when they come
        // back unchanged (String(validating:) needs macOS 15).
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.utf8.elementsEqual(bytes) else {
            throw CommandError("cannot read \(displayName(path).quoted): not UTF-8 text")
        }
        return text
    }

    /// Refuses the text of a JSON file that is served to a platform's verifier (an
    /// apple-app-site-association or `assetlinks.json` file) when it starts with a UTF-8
    /// byte order mark, with an error that names the mark rather than "invalid JSON".
    ///
    /// JSON sent over a network must not start with one (RFC 8259 §8.1); a parser may skip
    /// it, and neither Apple nor Google says whether its verifier does. Routes and table
    /// files, which only Waypoint reads, skip it instead.
    ///
    /// - Parameter verifier: who reads the file once it is served, for the message.
    static func refuseByteOrderMark(_ text: String, path: String, verifier: String) throws(CommandError) {
        guard text.utf8.starts(with: [0xEF, 0xBB, 0xBF]) else { return }
        throw CommandError(
            "the file starts with a UTF-8 byte order mark (EF BB BF), which JSON served over the network must not have (RFC 8259 §8.1) and \(verifier) is not documented to skip; save the file without it",
            at: displayName(path))
    }

    private static func tooLarge(_ path: String) -> CommandError {
        CommandError("cannot read \(displayName(path).quoted): larger than \(maximumSize >> 20) MiB")
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
        return CommandError("cannot read \(displayName(path).quoted): \(reason)")
    }
}
