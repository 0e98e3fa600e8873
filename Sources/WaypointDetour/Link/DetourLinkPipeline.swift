/// The link pipeline of Documentation/spec/detour.md §2, without the network: trim, infrastructure check,
/// classification, normalisation, mode filter, short-link detection and building the link.
package enum DetourLinkPipeline {
    /// Offline evaluation (Documentation/spec/detour.md §4): the whole pipeline with every short-link request
    /// counted as failed, so a single-segment web link gives `/` plus its query. It never
    /// touches the network, the store or analytics; pattern tables and the command line use it.
    ///
    /// - Parameters:
    ///   - input: the raw link text.
    ///   - mode: the processing mode (§3).
    ///   - deferred: whether the link came from match-link (type `deferred`) instead of the app.
    package static func evaluate(
        _ input: String, mode: LinkProcessingMode = .all, deferred: Bool = false
    ) -> DetourResult {
        switch step(input, mode: mode, source: deferred ? .deferred : .runtime) {
        case .empty: .empty()
        case .link(let link), .shortLink(_, let link): DetourResult(link: link)
        }
    }

    /// Steps 1–6 and 8, reporting a short-link candidate (step 7) instead of resolving it.
    package static func step(
        _ input: String, mode: LinkProcessingMode, source: DetourLinkSource
    )
        -> DetourPipelineStep
    {
        guard let classified = classify(input), admits(classified, mode: mode, source: source) else {
            return .empty
        }
        let link = build(classified, source: source)
        if isShortLinkCandidate(classified) {
            return .shortLink(normalised: classified.text, fallback: link)
        }
        return .link(link)
    }

    /// Steps 1–5: trims, rejects infrastructure URLs (nil), classifies and normalises.
    package static func classify(_ input: String) -> DetourClassifiedLink? {
        let text = trim(input)
        guard !isInfrastructure(text) else { return nil }
        if text.utf8.starts(with: "//".utf8) {
            return DetourClassifiedLink(text: "https:" + text, kind: .web)
        }
        guard let scheme = leadingScheme(text) else {
            return DetourClassifiedLink(text: text, kind: .plainPath)
        }
        let lowered = scheme.lowercased()
        return DetourClassifiedLink(
            text: text, kind: lowered == "http" || lowered == "https" ? .web : .scheme)
    }

    /// Step 1: removes leading and trailing code points U+0000–U+0020.
    package static func trim(_ input: String) -> String {
        let scalars = input.unicodeScalars
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, scalars[start].value <= 0x20 {
            scalars.formIndex(after: &start)
        }
        while end > start, scalars[scalars.index(before: end)].value <= 0x20 {
            scalars.formIndex(before: &end)
        }
        return String(String.UnicodeScalarView(scalars[start..<end]))
    }

    /// Step 2, on trimmed text: empty, `about:blank`, `exp://…`, `exps://…`, or anything
    /// containing `expo-development-client`. Exact and case-sensitive.
    package static func isInfrastructure(_ text: String) -> Bool {
        text.isEmpty || text == "about:blank" || text.utf8.starts(with: "exp://".utf8)
            || text.utf8.starts(with: "exps://".utf8) || text.utf8.contains("expo-development-client".utf8)
    }

    /// Step 6, the table of Documentation/spec/detour.md §3.
    package static func admits(
        _ link: DetourClassifiedLink, mode: LinkProcessingMode, source: DetourLinkSource
    ) -> Bool {
        switch (link.kind, mode) {
        case (.plainPath, _), (_, .all): true
        case (.scheme, _): false
        case (.web, .webOnly): true
        case (.web, .deferredOnly): source == .deferred
        }
    }

    /// Whether a link is a short-link candidate (§5): a web link whose still-encoded path,
    /// split on `/`, has exactly one non-empty piece.
    package static func isShortLinkCandidate(_ link: DetourClassifiedLink) -> Bool {
        guard link.kind == .web else { return false }
        let path = DetourURLParts(link.text[...]).path
        return path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true).count == 1
    }

    /// Step 8: builds url, route, pathname, params and type (§2.1–§2.6).
    package static func build(_ link: DetourClassifiedLink, source: DetourLinkSource) -> DetourLink {
        let url: String
        let rawRoute: String
        switch link.kind {
        case .web:
            url = link.text
            let parts = DetourURLParts(link.text[...])
            rawRoute = restOfPath(parts.path) + querySuffix(parts.query)
        case .scheme:
            url = link.text
            let parts = DetourURLParts(link.text[...])
            let joined = String(parts.host ?? "") + parts.path + querySuffix(parts.query)
            rawRoute = joined.utf8.first == UInt8(ascii: "/") ? joined : "/" + joined
        case .plainPath:
            url = link.text.utf8.first == UInt8(ascii: "/") ? link.text : "/" + link.text
            let beforeFragment = url[..<(url.unicodeScalars.firstIndex(of: "#") ?? url.endIndex)]
            if let questionMark = beforeFragment.unicodeScalars.firstIndex(of: "?") {
                rawRoute =
                    restOfPath(beforeFragment[..<questionMark])
                    + querySuffix(beforeFragment[beforeFragment.unicodeScalars.index(after: questionMark)...])
            } else {
                rawRoute = String(restOfPath(beforeFragment))
            }
        }
        let route = DetourRouteEncoding.encode(rawRoute)
        let questionMark = route.firstIndex(of: "?")
        let pathname = route[..<(questionMark ?? route.endIndex)]
        let params = questionMark.map { DetourSearchParams.decode(route[route.index(after: $0)...]) } ?? [:]
        let type: LinkType =
            switch (source, link.kind) {
            case (.deferred, _): .deferred
            case (.runtime, .scheme): .scheme
            case (.runtime, .web), (.runtime, .plainPath): .verified
            }
        return DetourLink(
            url: url, route: route, pathname: pathname.isEmpty ? "/" : String(pathname), params: params,
            type: type)
    }

    /// `restOfPath` of §2.3: `path` from its first `/` at index ≥ 1, or `/` when there is none.
    package static func restOfPath(_ path: Substring) -> Substring {
        guard !path.isEmpty else { return "/" }
        let rest = path[path.unicodeScalars.index(after: path.startIndex)...]
        guard let slash = rest.unicodeScalars.firstIndex(of: "/") else { return "/" }
        return path[slash...]
    }

    /// `?` + query when the query is non-empty, otherwise nothing.
    private static func querySuffix(_ query: Substring?) -> String {
        guard let query, !query.isEmpty else { return "" }
        return "?" + query
    }

    /// The scheme of a URL-like string: `^[A-Za-z][A-Za-z0-9+.-]*` followed by `:`.
    private static func leadingScheme(_ text: String) -> Substring? {
        let utf8 = text.utf8
        guard let first = utf8.first, isLetter(first) else { return nil }
        for index in utf8.indices.dropFirst() {
            let byte = utf8[index]
            if byte == UInt8(ascii: ":") {
                return text[..<index]
            }
            guard
                isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
                    || byte == UInt8(ascii: "-")
            else { return nil }
        }
        return nil
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
