import Waypoint

/// The regexes of one route, read once: its tail's automaton and those of the single
/// segments it checks with a regex (Documentation/aasa.md §7.3).
struct RouteRegexes: Sendable {
    /// The tail's regex and its automaton, when the route has a tail.
    let tail: (regex: CompiledRoute.RegexText, automaton: RegexAutomaton)?
    /// The automata of the segment checks by depth.
    let checks: [Int: RegexAutomaton]
    /// Why a regex of the route has no automaton, when one has none.
    let unsupported: RegexAutomaton.Unsupported?

    init(_ route: CompiledRoute) {
        var unsupported: RegexAutomaton.Unsupported?
        var tail: (CompiledRoute.RegexText, RegexAutomaton)?
        if let regex = route.tailRegex {
            do {
                tail = (regex, try RegexAutomaton(regex.pattern, caseless: regex.caseless))
            } catch {
                unsupported = error
            }
        }
        var checks: [Int: RegexAutomaton] = [:]
        for regex in route.segmentRegexes {
            do {
                checks[regex.depth] = try RegexAutomaton(regex.pattern, caseless: regex.caseless)
            } catch {
                unsupported = unsupported ?? error
            }
        }
        self.tail = tail
        self.checks = checks
        self.unsupported = unsupported
    }

    /// Every character set the automata read, for the alphabet.
    var sets: [ScalarSet] {
        (tail.map { $0.automaton.sets } ?? []) + checks.values.flatMap(\.sets)
    }
}

extension PathAutomaton {
    /// The paths a route with a regex tail matches on `host`, exactly: its prefix segments
    /// (literals, parameters, segments checked by a regex) one character at a time, then
    /// the tail's automaton run as the router runs it (Documentation/spec/routing.md §4).
    ///
    /// With trailing slashes ignored the router drops one trailing `/` of the path, then runs
    /// the tail on the rest of the path after the prefix, and again on that rest followed by
    /// `/`; with no segment left, only on the empty string. Read on the path `w` after the
    /// prefix: `""` and `"/"` match when the tail takes `""`; `"/"` + `v` matches when the
    /// tail takes `v`, or `v` without its last `/` when it ends with one, or `v` + `/` when
    /// it does not. Strict, `"/"` + `v` matches when the tail takes `v`. The tail's states
    /// are therefore kept three times, by what the last character read was (nothing yet, a
    /// `/`, another character), and one more state accepts after a final `/` that followed an
    /// accepted `v`. A raw regex over host and path (a host route whose first segment is a
    /// regex) runs on the host and the path as one string: its automaton reads the host
    /// first, and the path from its first `/`.
    ///
    /// - Returns: nil when a regex of the route has no automaton.
    init?(
        regexRoute route: CompiledRoute, regexes: RouteRegexes, host: String, options: RouterOptions,
        alphabet: PathAlphabet
    ) {
        self.init()
        guard let (tailRegex, tail) = regexes.tail, regexes.unsupported == nil else { return nil }
        let strict = options.strictTrailingSlash
        let isHost = route.pattern.kind == .host
        let steps = route.prefixSteps
        let slash = alphabet.symbols(matching: "/", foldingCase: false)
        let segmentCharacters = alphabet.all(slash: false)
        let begin = state()
        starts = [begin]
        var current = begin
        // The prefix: for a host route, its first step is the host, which the caller has
        // matched against `host` already.
        for depth in (isHost ? 1 : 0)..<max(isHost ? 1 : 0, tailRegex.depth) {
            let open = state()
            edge(from: current, slash, to: open)
            if let check = regexes.checks[depth] {
                guard let end = embed(check, from: open, excluding: "/", alphabet: alphabet) else {
                    return nil
                }
                current = end
                continue
            }
            switch steps[depth] {
            case .literal(let key):
                var position = open
                for character in key.unicodeScalars {
                    let next = state()
                    edge(
                        from: position,
                        alphabet.symbols(
                            matching: character, foldingCase: options.caseInsensitivePaths, asciiFolding: true
                        ),
                        to: next)
                    position = next
                }
                current = position
            case .any:
                let run = state()
                edge(from: open, segmentCharacters, to: run)
                edge(from: run, segmentCharacters, to: run)
                current = run
            }
        }
        // The tail, three copies of its states by the last character read.
        let count = tail.stateCount
        let base = stateCount
        for _ in 0..<(3 * count) { _ = state() }
        func copy(_ tailState: Int, _ flag: Int) -> Int { base + flag * count + tailState }
        let (atStart, afterOther, afterSlash) = (0, 1, 2)
        let slashSymbol = alphabet.slash
        for tailState in 0..<count {
            for flag in 0..<3 {
                for target in tail.moves[tailState] {
                    move(from: copy(tailState, flag), to: copy(target, flag))
                }
                for tailEdge in tail.edges[tailState] {
                    var others = alphabet.symbols(in: tailEdge.set)
                    if others.contains(slashSymbol) {
                        others.remove(slashSymbol)
                        edge(from: copy(tailState, flag), slash, to: copy(tailEdge.to, afterSlash))
                    }
                    edge(from: copy(tailState, flag), others, to: copy(tailEdge.to, afterOther))
                }
            }
        }
        let accepting = tail.accept
        for flag in 0..<3 { accept(copy(accepting, flag)) }
        if !strict {
            // `v` + `/` taken: states with a `/` step that reaches acceptance, after a
            // character other than `/`.
            for tailState in 0..<count
            where tail.edges[tailState].contains(where: { edge in
                edge.set.contains("/") && tail.closure([edge.to]).contains(accepting)
            }) {
                accept(copy(tailState, afterOther))
            }
            // `v` without its final `/` taken.
            let final = state(accepting: true)
            for flag in 0..<3 { edge(from: copy(accepting, flag), slash, to: final) }
        }
        if isHost && tailRegex.depth == 0 {
            // A raw regex over host and path: the host first, then the path from its `/`.
            let afterHost = tail.run(host.unicodeScalars, from: [tail.start])
            guard !afterHost.isEmpty else { return nil }
            starts = afterHost.map { copy($0, atStart) }
        } else {
            // Nothing after the prefix: the tail runs on "" — unless the prefix ends in an
            // empty segment, whose `/` is the trailing one the router drops.
            let endsEmpty = tailRegex.depth > 0 && steps[tailRegex.depth - 1] == .literal("")
            if !strict && !endsEmpty && tail.closure([tail.start]).contains(accepting) { accept(current) }
            edge(from: current, slash, to: copy(tail.start, atStart))
        }
    }

    /// Adds `automaton` from `entry`, reading only characters other than `excluded`;
    /// returns the state where it accepts.
    private mutating func embed(
        _ automaton: RegexAutomaton, from entry: Int, excluding excluded: Unicode.Scalar,
        alphabet: PathAlphabet
    ) -> Int? {
        let base = stateCount
        for _ in 0..<automaton.stateCount { _ = state() }
        move(from: entry, to: base + automaton.start)
        let excludedSymbol = alphabet.symbol(of: excluded)
        for source in 0..<automaton.stateCount {
            for target in automaton.moves[source] { move(from: base + source, to: base + target) }
            for automatonEdge in automaton.edges[source] {
                var symbols = alphabet.symbols(in: automatonEdge.set)
                symbols.remove(excludedSymbol)
                edge(from: base + source, symbols, to: base + automatonEdge.to)
            }
        }
        return base + automaton.accept
    }
}
