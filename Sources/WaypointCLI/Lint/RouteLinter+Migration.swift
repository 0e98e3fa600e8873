import Waypoint
import WaypointTables

/// Mistakes that route tables carried over from other routers or from URLs make: a port,
/// a query, a `tel:`-style pseudo-scheme, other routers' parameter syntax, and stray
/// whitespace. Each of them compiles, and the route then never matches what it was meant
/// to.
extension RouteLinter {
    /// A host route whose host ends in `:digits` (`h.com:8080/x`): a URL's port is never part
    /// of the match (Documentation/spec/routing.md §4), and `:8080` is a parameter named `8080` here.
    static func port(_ pattern: RoutePattern, entry: RoutesFile.Entry) -> [LintFinding] {
        guard pattern.kind == .host, let host = pattern.segments.first,
            case .pattern(let pieces, _) = host.form,
            case .parameter(let name, let offset, nil, _) = pieces.last,
            pieces.count > 1, name.utf8.allSatisfy(\.isASCIIDigit)
        else { return [] }
        let bytes = Array(entry.route.utf8)
        let portEnd = offset + 1 + name.utf8.count
        let suggestion = String(decoding: bytes[..<offset] + bytes[portEnd...], as: UTF8.self)
        return [
            LintFinding(
                .port, line: entry.line, column: pattern.column(ofOffset: offset), route: entry.route,
                message:
                    "\(":\(name)".quoted) reads as a port, but a URL's port is never matched and here it is a parameter named \(name.quoted); leave the port out: \(suggestion.quoted)"
            )
        ]
    }

    /// A route that tries to match a query string: an escaped `\?`, or a `?` followed by
    /// `key=`. The query is never part of the match (Documentation/spec/routing.md §4).
    static func query(_ pattern: RoutePattern, entry: RoutesFile.Entry) -> [LintFinding] {
        let bytes = Array(entry.route.utf8)
        let start = pattern.segments.first?.offset ?? 0
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"):
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "?") {
                    return [queryFinding(pattern, entry: entry, at: index, keyStart: index + 2)]
                }
                index += 2
                continue
            case UInt8(ascii: "["):
                // A `?` inside a class is a plain character of the class.
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "]") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
            case UInt8(ascii: "?") where index > start && bytes[index - 1] != UInt8(ascii: "("):
                if queryKey(bytes, from: index + 1) != nil {
                    return [queryFinding(pattern, entry: entry, at: index, keyStart: index + 1)]
                }
            default:
                break
            }
            index += 1
        }
        return []
    }

    /// The `key` of a `key=` starting at `start`.
    private static func queryKey(_ bytes: [UInt8], from start: Int) -> String? {
        var end = start
        while end < bytes.count, bytes[end].isQueryKeyCharacter { end += 1 }
        guard end > start, end < bytes.count, bytes[end] == UInt8(ascii: "=") else { return nil }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    private static func queryFinding(
        _ pattern: RoutePattern, entry: RoutesFile.Entry, at index: Int, keyStart: Int
    ) -> LintFinding {
        let bytes = Array(entry.route.utf8)
        let route = String(decoding: bytes[..<index], as: UTF8.self)
        let read =
            queryKey(bytes, from: keyStart).map { "read the query parameter \($0.quoted) from the deep link" }
            ?? "read the deep link's query parameters"
        return LintFinding(
            .query, line: entry.line, column: pattern.column(ofOffset: index), route: entry.route,
            message:
                "\(String(decoding: bytes[index...], as: UTF8.self).quoted) tries to match the query string, which is never part of the match, so the route never matches a URL with that query; route \(route.quoted) and \(read)"
        )
    }

    /// A route such as `tel:[^\s]+` or `mailto:…`: a scheme followed by `:` but not by `//`
    /// is not a scheme (Documentation/spec/routing.md §1), so the route is matched against the URL's host and
    /// path, colon included. Opaque URLs (`tel:+1555…`) have an empty host and their text as
    /// the path.
    static func pseudoScheme(_ pattern: RoutePattern, entry: RoutesFile.Entry) -> [LintFinding] {
        let bytes = Array(entry.route.utf8)
        guard pattern.scheme == nil, pattern.kind == .host, let first = bytes.first, first.isASCIILetterByte
        else { return [] }
        var colon = 1
        while colon < bytes.count, bytes[colon].isSchemeByte { colon += 1 }
        guard colon < bytes.count, bytes[colon] == UInt8(ascii: ":"), colon + 1 < bytes.count,
            bytes[colon + 1] != UInt8(ascii: "/")
        else { return [] }
        // `h.com:8080` is a port (reported as such), not a scheme.
        var digits = colon + 1
        while digits < bytes.count, bytes[digits].isASCIIDigit { digits += 1 }
        if digits > colon + 1 && (digits == bytes.count || bytes[digits] == UInt8(ascii: "/")) { return [] }
        let scheme = String(decoding: bytes[..<colon], as: UTF8.self)
        let rest = String(decoding: bytes[(colon + 1)...], as: UTF8.self)
        let restPattern: String
        if rest.hasPrefix(":"), rest.utf8.dropFirst().allSatisfy(\.isParameterNameByte) {
            restPattern = rest
        } else {
            restPattern = ":value(\(rest))"
        }
        let suggestion = "\(scheme):///\(restPattern)"
        return [
            LintFinding(
                .pseudoScheme, line: entry.line, route: entry.route,
                message:
                    "\((scheme + ":").quoted) is not followed by \"//\", so it is not a scheme: the route is matched against the URL's host and path, colon included, and never matches a \(scheme): URL, whose text after \((scheme + ":").quoted) is its path; write \(suggestion.quoted)"
            )
        ]
    }

    /// Parameter syntax of other routers, which compiles here as literal or regex text:
    /// `<int:id>` and `<path:p>` (URLNavigator), `{id}` (DeepLinkDispatch, OpenAPI), and
    /// JLRoutes' optional groups `/the(/foo/:a)(/bar/:b)`.
    static func foreignSyntax(_ pattern: RoutePattern, entry: RoutesFile.Entry) -> [LintFinding] {
        let route = entry.route
        let bytes = Array(route.utf8)
        if let (offset, rewritten) = ForeignSyntax.placeholders(bytes) {
            return [
                LintFinding(
                    .foreignSyntax, line: entry.line, column: pattern.column(ofOffset: offset), route: route,
                    message:
                        "\(ForeignSyntax.token(bytes, at: offset).quoted) is another router's parameter syntax, matched here as literal text; write \(rewritten.quoted)"
                )
            ]
        }
        if let (offset, group, expansions) = ForeignSyntax.optionalGroups(bytes) {
            let list = expansions.map(\.quoted).joined(separator: ", ")
            let advice =
                expansions.count <= 8
                ? "register one route per form: \(list)" : "register one route per combination of the groups"
            return [
                LintFinding(
                    .foreignSyntax, line: entry.line, column: pattern.column(ofOffset: offset), route: route,
                    message:
                        "\(group.quoted) reads as a JLRoutes optional group, but here a group is required regex text; \(advice)"
                )
            ]
        }
        return []
    }

    /// Spaces or tabs at the start or end of a route: routes are taken as written, so the
    /// route only matches URLs whose first or last segment has them too.
    static func whitespace(_ entry: RoutesFile.Entry) -> [LintFinding] {
        let bytes = Array(entry.route.utf8)
        let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        let leading = bytes.prefix(while: isBlank).count
        let trailing = bytes.reversed().prefix(while: isBlank).count
        guard leading > 0 || trailing > 0 else { return [] }
        let trimmed = String(decoding: bytes[leading..<(bytes.count - trailing)], as: UTF8.self)
        let placement =
            leading > 0 && trailing > 0 ? "leading and trailing" : leading > 0 ? "leading" : "trailing"
        let column =
            leading > 0
            ? 1 : String(decoding: bytes[..<(bytes.count - trailing)], as: UTF8.self).unicodeScalars.count + 1
        return [
            LintFinding(
                .whitespace, line: entry.line, column: column, route: entry.route,
                message:
                    "the route has \(placement) spaces or tabs, which are part of the route, so it only matches URLs that have them too; write \(trimmed.quoted)"
            )
        ]
    }

    /// What the file's bytes get wrong before any route is read: a UTF-8 byte order mark,
    /// which becomes part of the first route, and carriage returns that do not end a line
    /// (CR-only line endings), which join lines into one route.
    static func fileFindings(_ file: RoutesFile) -> [LintFinding] {
        var findings: [LintFinding] = []
        if file.startsWithByteOrderMark, let first = file.entries.first, first.line == 1 {
            findings.append(
                LintFinding(
                    .byteOrderMark, line: 1, route: first.route,
                    message:
                        "the file starts with a UTF-8 byte order mark, which becomes part of the first route, so it never matches; save the file without it"
                ))
        }
        for entry in file.entries where entry.route.utf8.contains(UInt8(ascii: "\r")) {
            findings.append(
                LintFinding(
                    .lineEndings, line: entry.line, route: entry.route,
                    message:
                        "this line holds carriage returns that do not end it: lines end at a line feed (LF or CRLF), so CR-only line endings join several routes into one; save the file with LF line endings"
                ))
        }
        return findings
    }
}

extension UInt8 {
    fileprivate var isASCIILetterByte: Bool {
        (self | 0x20) >= UInt8(ascii: "a") && (self | 0x20) <= UInt8(ascii: "z")
    }
    fileprivate var isASCIIDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
    fileprivate var isSchemeByte: Bool {
        isASCIILetterByte || isASCIIDigit || self == UInt8(ascii: "+") || self == UInt8(ascii: ".")
            || self == UInt8(ascii: "-")
    }
    fileprivate var isParameterNameByte: Bool {
        isASCIILetterByte || isASCIIDigit || self == UInt8(ascii: "_") || self == UInt8(ascii: "-")
    }
    fileprivate var isQueryKeyCharacter: Bool {
        isParameterNameByte || self == UInt8(ascii: ".")
    }
}
