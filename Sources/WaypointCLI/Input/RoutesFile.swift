/// A routes file: one route per line, in registration order (Documentation/spec/tables.md).
///
/// Lines are separated by `\n`; a `\r` before it is part of the line break, so files with
/// Windows line endings read the same. A blank line (empty, or only spaces and tabs) or a
/// line that starts with `#` is skipped.
/// Any other line is a route exactly as written: nothing is trimmed, because spaces are
/// legal in routes and a column reported for a route is then its column in the file.
///
/// A line may end in a **name annotation**: spaces or tabs, `@`, and the name, with nothing
/// but spaces or tabs after it (`/products/:id  @productDetail`). The route is then the
/// text before those spaces and tabs, and the name is what `waypoint build-check` generates
/// the route's `RouteName` constant under (Documentation/decisions.md, "Route names").
/// Every command reads the annotation off the line, so they all see the same route.
struct RoutesFile: Sendable, Hashable {
    /// A route, the 1-based line it is on, and its name annotation if it has one.
    struct Entry: Sendable, Hashable {
        let line: Int
        let route: String
        /// The name the line gives the route, as written (checked by ``RouteNaming``).
        let name: Name?

        init(line: Int, route: String, name: Name? = nil) {
            self.line = line
            self.route = route
            self.name = name
        }
    }

    /// A name annotation: the text after `@`, and the column of the `@`.
    struct Name: Sendable, Hashable {
        let text: String
        /// The 1-based column of the `@`, in Unicode scalars.
        let column: Int
    }

    /// The file's path as given.
    let path: String
    /// The routes, in file order.
    let entries: [Entry]
    /// Whether the text starts with a UTF-8 byte order mark (kept: it is part of the first
    /// line, which `waypoint lint` reports).
    let startsWithByteOrderMark: Bool

    /// Why a routes file cannot be read: the reader's refusal, or a NUL byte at a place in
    /// the file.
    enum ReadError: Error, Sendable, Hashable {
        /// The file cannot be read as UTF-8 text (``TextFile/read(_:)``).
        case unreadable(CommandError)
        /// The file holds a NUL byte, first at `line` and `column` (1-based, the column in
        /// Unicode scalars). No route can hold one, and no URL: the file is not a list of
        /// routes, most likely text saved as UTF-16, which has a NUL beside every ASCII
        /// character.
        case nulByte(file: String, line: Int, column: Int)

        /// What the file's problem is, in words.
        static let nulByteMessage =
            "a NUL byte, which no route can hold (a file saved as UTF-16 has one beside every ASCII character)"

        /// The one-line error a command stops with: at `file:line:column` for a NUL byte.
        var commandError: CommandError {
            switch self {
            case .unreadable(let error): error
            case .nulByte(let file, let line, let column):
                CommandError(Self.nulByteMessage, at: "\(file):\(line):\(column)")
            }
        }
    }

    /// Reads and splits the file at `path` (`-` for standard input, named `<stdin>`).
    ///
    /// - Throws: ``CommandError`` when the file cannot be read or holds a NUL byte
    ///   (``ReadError``).
    init(path: String) throws(CommandError) {
        do {
            try self.init(reading: path)
        } catch {
            throw error.commandError
        }
    }

    /// Reads and splits the file at `path`, as ``init(path:)`` does, with the place of a
    /// NUL byte kept apart for callers that report places themselves (`build-check`).
    ///
    /// - Throws: ``ReadError``.
    init(reading path: String) throws(ReadError) {
        let name = TextFile.displayName(path)
        let text: String
        do {
            text = try TextFile.read(path)
        } catch {
            throw .unreadable(error)
        }
        if let (line, column) = Self.firstNULByte(in: text) {
            throw .nulByte(file: name, line: line, column: column)
        }
        self.init(path: name, text: text)
    }

    /// The line and column (in Unicode scalars) of the first NUL byte of `text`, or nil.
    private static func firstNULByte(in text: String) -> (line: Int, column: Int)? {
        guard let nul = text.utf8.firstIndex(of: 0) else { return nil }
        let before = text.utf8[..<nul]
        let lineStart =
            before.lastIndex(of: UInt8(ascii: "\n")).map { text.utf8.index(after: $0) }
            ?? text.utf8.startIndex
        let line = 1 + before.count { $0 == UInt8(ascii: "\n") }
        let column = 1 + text.utf8[lineStart..<nul].count { $0 & 0xC0 != 0x80 }
        return (line, column)
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
            if line.allSatisfy(Self.isSpaceOrTab) || line.first == UInt8(ascii: "#") { continue }
            entries.append(Self.entry(line, number: index + 1))
        }
        self.entries = entries
        startsWithByteOrderMark = text.utf8.starts(with: [0xEF, 0xBB, 0xBF])
    }

    /// A file of `entries` read from `path`, without a byte order mark.
    init(path: String, entries: [Entry]) {
        self.path = path
        self.entries = entries
        startsWithByteOrderMark = false
    }

    /// The entry of a line that is not blank nor a comment: the route, and the name
    /// annotation the line ends in, if any.
    private static func entry(_ line: Substring.UTF8View, number: Int) -> Entry {
        var end = line.endIndex
        while end > line.startIndex, isSpaceOrTab(line[line.index(before: end)]) {
            end = line.index(before: end)
        }
        var nameStart = end
        while nameStart > line.startIndex, !isSpaceOrTab(line[line.index(before: nameStart)]) {
            nameStart = line.index(before: nameStart)
        }
        var routeEnd = nameStart
        while routeEnd > line.startIndex, isSpaceOrTab(line[line.index(before: routeEnd)]) {
            routeEnd = line.index(before: routeEnd)
        }
        // An annotation needs a route before it and white space between them: `/x @a`, not
        // `@a` (a route) nor `  @a` (a route that starts with spaces).
        guard nameStart < end, line[nameStart] == UInt8(ascii: "@"), routeEnd > line.startIndex,
            routeEnd < nameStart
        else {
            return Entry(line: number, route: String(decoding: line, as: UTF8.self))
        }
        let column = 1 + line[line.startIndex..<nameStart].count { $0 & 0xC0 != 0x80 }
        let name = Name(
            text: String(decoding: line[line.index(after: nameStart)..<end], as: UTF8.self), column: column)
        return Entry(
            line: number, route: String(decoding: line[line.startIndex..<routeEnd], as: UTF8.self), name: name
        )
    }

    private static func isSpaceOrTab(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    /// The same file with the byte order mark, if any, taken off its first line: what
    /// `match` and `explain` register, as `test` reads a table file without it (`lint`
    /// keeps it, to report it).
    var skippingByteOrderMark: RoutesFile {
        guard startsWithByteOrderMark, let first = entries.first, first.line == 1 else { return self }
        let route = String(decoding: first.route.utf8.dropFirst(3), as: UTF8.self)
        var rest = Array(entries.dropFirst())
        if !route.isEmpty, !route.allSatisfy({ $0 == " " || $0 == "\t" }), !route.hasPrefix("#") {
            rest.insert(Entry(line: 1, route: route, name: first.name), at: 0)
        }
        return RoutesFile(path: path, entries: rest)
    }

    /// `path:line:column`, the location of a problem in the file.
    func location(line: Int, column: Int? = nil) -> String {
        "\(path):\(line)" + (column.map { ":\($0)" } ?? "")
    }
}
