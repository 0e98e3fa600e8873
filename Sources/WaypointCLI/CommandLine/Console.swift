import WaypointPOSIX

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a command prints: lines for standard output and for standard error, collected while
/// the command runs and written when it ends.
struct Console: Sendable {
    /// The standard output text.
    private(set) var output = ""
    /// The standard error text.
    private(set) var errors = ""

    /// Appends `line` and a line break to standard output.
    mutating func print(_ line: String) {
        output += line
        output += "\n"
    }

    /// Appends `line` and a line break to standard error.
    mutating func printError(_ line: String) {
        errors += line
        errors += "\n"
    }

    /// Writes the collected text to the process's standard output and standard error.
    func flush() {
        Self.write(output, to: STDOUT_FILENO)
        Self.write(errors, to: STDERR_FILENO)
    }

    private static func write(_ text: String, to descriptor: Int32) {
        // A closed pipe: nothing sensible is left to do with the text.
        _ = POSIXIO.writeAll(descriptor, text)
    }
}
