/// A routes file: one route per line, in registration order (Documentation/spec/tables.md).
///
/// Lines are separated by `\n`; a `\r` before it is part of the line break, so files with
/// Windows line endings read the same. A blank line (empty, or only spaces and tabs) or a
/// line that starts with `#` is skipped.
/// Any other line is a route exactly as written: nothing is trimmed, because spaces are
/// legal in routes and a column reported for a route is then its column in the file.
struct RoutesFile: Sendable, Hashable {
    /// A route and the 1-based line it is on.
    struct Entry: Sendable, Hashable {
        let line: Int
        let route: String
    }

    /// The file's path as given.
    let path: String
    /// The routes, in file order.
    let entries: [Entry]
    /// Whether the text starts with a UTF-8 byte order mark (kept: it is part of the first
    /// line, which `waypoint lint` reports).
    let startsWithByteOrderMark: Bool

    /// Reads and splits the file at `path` (`-` for standard input, named `<stdin>`).
    ///
    /// - Throws: ``CommandError`` when the file cannot be read.
    init(path: String) throws(CommandError) {
        self.init(path: TextFile.displayName(path), text: try TextFile.read(path))
    }

    /// Splits `text`, read from `path`.
    init(path: String, text: String) {
        self.path = path
        var entries: [Entry] = []
        for (index, rawLine) in text.utf8.split(
            separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false
        )
        .enumerated() {
            var line = rawLine
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            let isBlank = line.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            if isBlank || line.first == UInt8(ascii: "#") { continue }
            entries.append(Entry(line: index + 1, route: String(decoding: line, as: UTF8.self)))
        }
        self.entries = entries
        startsWithByteOrderMark = text.utf8.starts(with: [0xEF, 0xBB, 0xBF])
    }

    /// The same file with the byte order mark, if any, taken off its first line: what
    /// `match` and `explain` register, as `test` reads a table file without it (`lint`
    /// keeps it, to report it).
    var skippingByteOrderMark: RoutesFile {
        guard startsWithByteOrderMark, let first = entries.first, first.line == 1 else { return self }
        let route = String(decoding: first.route.utf8.dropFirst(3), as: UTF8.self)
        var rest = Array(entries.dropFirst())
        if !route.isEmpty, !route.allSatisfy({ $0 == " " || $0 == "\t" }), !route.hasPrefix("#") {
            rest.insert(Entry(line: 1, route: route), at: 0)
        }
        return RoutesFile(path: path, entries: rest)
    }

    /// A file of `entries` read from `path`, without a byte order mark.
    private init(path: String, entries: [Entry]) {
        self.path = path
        self.entries = entries
        startsWithByteOrderMark = false
    }

    /// `path:line:column`, the location of a problem in the file.
    func location(line: Int, column: Int? = nil) -> String {
        "\(path):\(line)" + (column.map { ":\($0)" } ?? "")
    }
}
