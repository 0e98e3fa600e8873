/// The query of a deep link, kept as written until it is first read, then parsed once
/// (Documentation/spec/routing.md §6).
///
/// Dispatch makes a link for every handler it tries and most handlers never read the query,
/// so parsing it (items, decoded strings, the dictionary, JSON fields) when the link is
/// made would cost every link that. The first read parses it under a lock, so that links
/// read from several threads at once parse it once and all see the same values; the links
/// of one dispatch share one `LinkQuery`. A link without a query has none.
@usableFromInline
package final class LinkQuery: Sendable {
    /// A parsed query: both views of it.
    struct Parsed: Sendable {
        /// The items in order, repeated names included.
        let items: [DeepLinkQueryItem]
        /// One value per name, JSON fields decoded.
        let parameters: [String: JSONValue]
    }

    /// What the lock guards: the parse, once it is made, and how many were made.
    private struct State: Sendable {
        var parsed: Parsed?
        var parses = 0
    }

    /// The query as written, without `?` and the fragment.
    let text: Substring
    private let state = Locked(State())

    @usableFromInline
    init(_ text: Substring) {
        self.text = text
    }

    /// A query to parse when it is read; nil when `rawQuery` is nil or empty, which parse
    /// to nothing.
    ///
    /// A factory rather than a failable initializer: a class's failable initializer
    /// allocates the object before it can fail.
    @inlinable
    package static func of(_ rawQuery: Substring?) -> LinkQuery? {
        guard let rawQuery, !rawQuery.isEmpty else { return nil }
        return LinkQuery(rawQuery)
    }

    /// The parsed query, parsed by the first caller.
    var parsed: Parsed {
        state.withLock { state in
            if let parsed = state.parsed { return parsed }
            let items = QueryParsing.items(in: text)
            let parsed = Parsed(items: items, parameters: QueryParsing.parameters(from: items))
            state.parsed = parsed
            state.parses += 1
            return parsed
        }
    }

    /// How many times the query was parsed: 0 before it is read, 1 after.
    var parses: Int {
        state.withLock { $0.parses }
    }
}
