import Waypoint
import WaypointTables

/// Checks a routes file the way a router with `options` would register it (Documentation/spec/tables.md,
/// Documentation/spec/routing.md): invalid routes, duplicates, shadowed routes, parameter names ending in
/// `-`,
/// percent-escapes in literals, `x?://`-style routes whose "scheme" is not one, and what
/// migrated tables get wrong (``RouteLinter`` `+Migration`): ports, queries, `tel:`-style
/// pseudo-schemes, other routers' syntax, stray whitespace, a byte order mark and CR-only
/// line endings.
struct RouteLinter: Sendable {
    let options: RouterOptions

    /// The findings for `file`, ordered by line (and for one line, in ``LintFinding/Kind``
    /// order).
    func lint(_ file: RoutesFile) -> [LintFinding] {
        var findings = Self.fileFindings(file)
        var firstLine: [String: RoutesFile.Entry] = [:]
        var registered: [(entry: RoutesFile.Entry, language: RouteLanguage)] = []
        var index = ShadowIndex()
        var backtracking: [(entry: RoutesFile.Entry, regex: String)] = []
        for entry in file.entries {
            findings += Self.whitespace(entry)
            let pattern: RoutePattern
            do {
                pattern = try CompiledRoute(entry.route, options: options).pattern
            } catch {
                findings.append(
                    LintFinding(
                        .invalidRoute, line: entry.line, column: error.column, route: entry.route,
                        message: error.message, error: error.kind))
                continue
            }
            if let earlier = firstLine[entry.route] {
                findings.append(
                    LintFinding(
                        .duplicate, line: entry.line, route: entry.route,
                        message:
                            "\(entry.route.quoted) repeats line \(earlier.line); registering it again only replaces the handler",
                        earlier: earlier))
                continue
            }
            firstLine[entry.route] = entry
            let language = RouteLanguage(pattern, options: options)
            let key = ShadowIndex.Key(pattern, options: options)
            // Only earlier routes the index cannot rule out are compared, in order.
            if let shadowing = index.candidates(for: key).lazy.map({ registered[$0] }).first(where: {
                RouteLanguage.shadows($0.language, language, strictTrailingSlash: options.strictTrailingSlash)
            }) {
                findings.append(
                    LintFinding(
                        .shadowed, line: entry.line, route: entry.route,
                        message:
                            "\(entry.route.quoted) can never win: \(shadowing.entry.route.quoted) on line \(shadowing.entry.line) matches every URL it matches",
                        earlier: shadowing.entry))
            }
            index.insert(key, route: registered.count)
            registered.append((entry, language))
            findings += Self.parameterNames(pattern, entry: entry)
            findings += Self.percentEscapes(pattern, entry: entry)
            findings += Self.falseScheme(pattern, entry: entry)
            findings += Self.port(pattern, entry: entry)
            findings += Self.query(pattern, entry: entry)
            findings += Self.pseudoScheme(pattern, entry: entry)
            findings += Self.foreignSyntax(pattern, entry: entry)
            if let regex = Self.nestedRepetition(pattern) { backtracking.append((entry, regex)) }
        }
        findings += budgetFindings(backtracking)
        return findings.sorted { ($0.line, $0.kind.rank) < ($1.line, $1.kind.rank) }
    }

    /// The first regex of `pattern` that repeats a repeating group, if any.
    static func nestedRepetition(_ pattern: RoutePattern) -> String? {
        for segment in pattern.segments {
            guard case .pattern(let pieces, let isRegex) = segment.form else { continue }
            let regex = RouteLanguage.regex(pieces, isRegex: isRegex)
            if NestedRepetition.occurs(in: regex) { return regex }
        }
        return nil
    }

    /// A ``LintFinding/Kind/regexBudget`` finding for each route of `routes` (the routes
    /// whose regex repeats a repeating group) when their distinct regexes are more than the
    /// regex budget pays full match limits for: one lookup that runs them all can spend the
    /// budget (Documentation/spec/routing.md §4).
    func budgetFindings(_ routes: [(entry: RoutesFile.Entry, regex: String)]) -> [LintFinding] {
        let distinct = Set(routes.map(\.regex)).count
        let affordable = options.regexBudget / max(options.matchLimit, 1)
        guard distinct > affordable else { return [] }
        return routes.map { entry, regex in
            LintFinding(
                .regexBudget, line: entry.line, route: entry.route,
                message:
                    "the regex \(regex.quoted) repeats a group that repeats, so a URL it does not match can take it to the match limit; the table has \(distinct) such regexes and a lookup's regex budget (\(options.regexBudget) units) pays for \(affordable) full match limits (\(options.matchLimit) units), so one lookup can spend it and later routes can miss URLs they match: write the regex without nested repetition, or raise regexBudget"
            )
        }
    }

    /// Parameter names that end in `-`: a `-` is a name character, so `:from-:to` names
    /// `from-` (Documentation/spec/routing.md §2).
    static func parameterNames(_ pattern: RoutePattern, entry: RoutesFile.Entry) -> [LintFinding] {
        pattern.parameters.filter { $0.name.hasSuffix("-") }.map { parameter in
            let name = parameter.name
            let stem = String(name.dropLast())
            return LintFinding(
                .parameterName, line: entry.line, column: pattern.column(ofOffset: parameter.offset),
                route: entry.route,
                message:
                    "parameter name \(name.quoted) ends in \"-\", which is part of the name; to end the name before the \"-\", give it a regex, as in \":\(stem)([^/]+?)-\""
            )
        }
    }

    /// The first percent-escape in a literal segment or in the literal text of a segment:
    /// segments are compared after percent-decoding, so `%20` only matches a URL with `%2520`.
    static func percentEscapes(_ pattern: RoutePattern, entry: RoutesFile.Entry) -> [LintFinding] {
        var texts: [(text: String, offset: Int)] = []
        for segment in pattern.segments {
            switch segment.form {
            case .literal:
                texts.append((segment.text, segment.offset))
            case .pattern(let pieces, isRegex: false):
                for case .text(let text, let offset) in pieces { texts.append((text, offset)) }
            default:
                break
            }
        }
        for (text, offset) in texts {
            let bytes = Array(text.utf8)
            for index in bytes.indices
            where bytes[index] == UInt8(ascii: "%") && Self.isHex(bytes, index + 1)
                && Self.isHex(bytes, index + 2)
            {
                let escape = String(decoding: bytes[index...(index + 2)], as: UTF8.self)
                return [
                    LintFinding(
                        .percentEscape, line: entry.line, column: pattern.column(ofOffset: offset + index),
                        route: entry.route,
                        message:
                            "literal \(text.quoted) contains the escape \(escape.quoted), but URL segments are compared after percent-decoding, so it only matches a URL that has \(("%25" + String(escape.dropFirst())).quoted); write the character itself"
                    )
                ]
            }
        }
        return []
    }

    private static func isHex(_ bytes: [UInt8], _ index: Int) -> Bool {
        index < bytes.count && PercentDecoding.hexValue(bytes[index]) != nil
    }

    /// A host route that reads like `https?://host/…`: what precedes `://` is not a scheme
    /// (`[A-Za-z][A-Za-z0-9+.-]*`), so the router matches it, colon included, against the
    /// URL's host (Documentation/spec/routing.md §1).
    static func falseScheme(_ pattern: RoutePattern, entry: RoutesFile.Entry) -> [LintFinding] {
        guard pattern.scheme == nil, pattern.kind == .host, pattern.segments.count >= 2,
            pattern.segments[0].text.hasSuffix(":"), pattern.segments[1].text.isEmpty
        else { return [] }
        let prefix = String(pattern.segments[0].text.dropLast())
        return [
            LintFinding(
                .notAScheme, line: entry.line, route: entry.route,
                message:
                    "\(prefix.quoted) is not a scheme, so \((prefix + ":").quoted) is matched against the URL's host; write one route per scheme, such as \"https://…\""
            )
        ]
    }
}
