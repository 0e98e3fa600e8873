/// A route string parsed into its parts (Documentation/spec/routing.md §1–§2), before any regex is compiled.
///
/// Parsing is done once, at registration; matching never looks at route text again.
package struct RoutePattern: Sendable, Hashable {
    /// The route exactly as registered.
    package let route: String
    /// The scheme as written, when the route starts with `scheme://`.
    package let scheme: String?
    /// Whether the route matches the URL's path (`/…`) or its host and path.
    package let kind: Kind
    /// The segments; for a host route the first one is matched against the host. A route
    /// ending in `/` has a final empty literal segment here, unless the router ignores
    /// trailing slashes, in which case it was dropped.
    package let segments: [Segment]

    /// Where a route is matched.
    package enum Kind: Sendable, Hashable {
        /// The pattern starts with `/` and matches the path, whatever the host.
        case path
        /// The first component matches the host and the rest the path.
        case host
    }

    /// One `/`-separated piece of a pattern.
    package struct Segment: Sendable, Hashable {
        /// The segment as written.
        package let text: String
        /// UTF-8 offset of the segment's first byte in the route string.
        package let offset: Int
        /// What the segment matches.
        package let form: Form
    }

    /// What a segment matches.
    package enum Form: Sendable, Hashable {
        /// Text equal to the decoded URL segment.
        case literal
        /// `:name`: one non-empty segment, captured.
        case parameter(String)
        /// `:name?`, last segment only: the segment may be absent.
        case optionalParameter(String)
        /// `*`: one non-empty segment, not captured.
        case wildcard
        /// `**`, last segment only: the rest of the path, captured as `**`.
        case glob
        /// Anything that needs a regex: `:name(regex)`, mixed text and parameters, or raw
        /// regex. `isRegex` tells whether the text pieces are regex (the segment has a
        /// metacharacter outside parameter groups) or literal text.
        case pattern([Piece], isRegex: Bool)
    }

    /// A piece of a `pattern` segment.
    package enum Piece: Sendable, Hashable {
        /// Text between parameters, starting at UTF-8 offset `offset` of the route.
        case text(String, offset: Int)
        /// `:name` or `:name(regex)`; `regexOffset` is where the group's content starts.
        case parameter(name: String, offset: Int, regex: String?, regexOffset: Int)
    }

    /// Every parameter name with the UTF-8 offset of its `:`, in route order.
    package var parameters: [(name: String, offset: Int)] {
        var result: [(name: String, offset: Int)] = []
        for segment in segments {
            switch segment.form {
            case .parameter(let name), .optionalParameter(let name):
                result.append((name, segment.offset))
            case .glob:
                result.append(("**", segment.offset))
            case .pattern(let pieces, _):
                for case .parameter(let name, let offset, _, _) in pieces {
                    result.append((name, offset))
                }
            case .literal, .wildcard:
                break
            }
        }
        return result
    }

    /// The 1-based column, in Unicode scalars, of UTF-8 offset `offset` in the route.
    package func column(ofOffset offset: Int) -> Int {
        Self.column(ofOffset: offset, in: route)
    }

    /// The 1-based column, in Unicode scalars, of UTF-8 offset `offset` in `text`.
    static func column(ofOffset offset: Int, in text: String) -> Int {
        var column = 1
        for byte in text.utf8.prefix(offset) where byte & 0xC0 != 0x80 {
            column += 1
        }
        return column
    }
}
