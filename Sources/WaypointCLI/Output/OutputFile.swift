import WaypointPOSIX
import WaypointTables

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a file the command line produces (`waypoint build-check --swift-output`) whole:
/// to a temporary file beside it, then renamed over it, so a build that reads the file never
/// sees half of it.
enum OutputFile {
    /// Writes `text` to `path`, replacing the file, unless the file already holds exactly
    /// `text`: then it is left alone, so that a build which compiles it sees no change (an
    /// edit to a routes file's comments leaves its RouteName constants as they were).
    ///
    /// - Throws: ``CommandError`` naming the file when it cannot be written.
    static func write(_ text: String, to path: String) throws(CommandError) {
        if let existing = try? TextFile.read(path), existing == text { return }
        let temporary = path + ".waypoint-\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure(path, errno: errno) }
        var failed = POSIXIO.writeAll(descriptor, text)
        if close(descriptor) != 0 && failed == 0 { failed = errno }
        guard failed == 0, rename(temporary, path) == 0 else {
            let code = failed != 0 ? failed : errno
            unlink(temporary)
            throw failure(path, errno: code)
        }
    }

    private static func failure(_ path: String, errno code: Int32) -> CommandError {
        CommandError("cannot write \(path.quoted): \(String(cString: strerror(code)))")
    }
}
