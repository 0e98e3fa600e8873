import Waypoint

extension PathAutomaton {
    /// The paths a route matches on one host, character by character over decoded canonical
    /// paths (aasa.md C26), built from lint's segment automaton of the route
    /// (``RouteLanguage``) so that both share the router's rules for segments, case and
    /// trailing slashes.
    ///
    /// For each segment-automaton state `q` there are two character states: *after* (the
    /// segments so far end at `q`; a `/` starts the next one) and *open* (a `/` was just read:
    /// a segment starts, possibly empty). A segment class becomes a run of characters from
    /// *open* `q` to *after* its target. The path ends well in *after* `q` when the segment
    /// automaton accepts at `q`; in *open* `q` (the path ends with `/`) when, ignoring
    /// trailing slashes, it accepts at `q` (the router drops one empty last segment), and
    /// when strict, when an empty segment leads from `q` to a state that accepts.
    ///
    /// - Parameters:
    ///   - segments: The route's segment automaton (its widest model).
    ///   - hostStates: The segment states after the URL's host.
    ///   - caseInsensitive: Whether literal path segments fold ASCII case.
    /// - Returns: nil when no state follows the host.
    init?(
        route segments: SegmentAutomaton, hostStates: StateSet, caseInsensitive: Bool,
        strictTrailingSlash: Bool,
        alphabet: PathAlphabet
    ) {
        self.init()
        guard !hostStates.isEmpty else { return nil }
        var after: [Int: Int] = [:]
        var open: [Int: Int] = [:]
        // Every segment state reachable from the host's, each with its two character states.
        var pending = Array(hostStates)
        var seen = Set(pending)
        while let next = pending.popLast() {
            for transition in segments.outgoing[next] where seen.insert(transition.to).inserted {
                pending.append(transition.to)
            }
        }
        for segmentState in seen.sorted() {
            after[segmentState] = state(
                accepting: segments.accepts(StateSet(segmentState), strictTrailingSlash: strictTrailingSlash))
            open[segmentState] = state()
        }
        starts = hostStates.map { after[$0] ?? 0 }
        let slash = alphabet.symbols(matching: "/", foldingCase: false)
        let segmentCharacters = alphabet.all(slash: false)
        for segmentState in seen.sorted() {
            guard let afterState = after[segmentState], let openState = open[segmentState] else { continue }
            edge(from: afterState, slash, to: openState)
            if strictTrailingSlash {
                if segments.outgoing[segmentState].contains(where: {
                    $0.label.contains(.empty) && segments.accepts(StateSet($0.to), strictTrailingSlash: true)
                }) {
                    accept(openState)
                }
            } else if segments.accepts(StateSet(segmentState), strictTrailingSlash: false) {
                accept(openState)
            }
            for transition in segments.outgoing[segmentState] {
                guard let target = after[transition.to], let targetOpen = open[transition.to] else {
                    continue
                }
                let label = transition.label
                if label.contains(.empty) {
                    // An empty segment: the next `/` follows at once.
                    edge(from: openState, slash, to: targetOpen)
                }
                switch label {
                case .empty:
                    break
                case .literal(let key):
                    var current = openState
                    let characters = Array(key.unicodeScalars)
                    for (offset, character) in characters.enumerated() {
                        let next = offset == characters.count - 1 ? target : state()
                        edge(
                            from: current,
                            alphabet.symbols(
                                matching: character, foldingCase: caseInsensitive, asciiFolding: true),
                            to: next)
                        current = next
                    }
                case .folded(let text):
                    // A non-ASCII literal folded by Unicode rules: its characters in either case
                    // (the route is marked inexact by its caller).
                    var current = openState
                    let characters = Array(text.unicodeScalars)
                    for (offset, character) in characters.enumerated() {
                        let next = offset == characters.count - 1 ? target : state()
                        edge(
                            from: current, alphabet.symbols(matching: character, foldingCase: true), to: next)
                        current = next
                    }
                case .nonEmpty, .any, .anyRest:
                    let characters = state()
                    edge(from: openState, segmentCharacters, to: characters)
                    edge(from: characters, segmentCharacters, to: characters)
                    move(from: characters, to: target)
                case .rest:
                    // An opaque regex rest: anything up to the end (an over-approximation).
                    let rest = state(accepting: true)
                    move(from: openState, to: rest)
                    edge(from: rest, alphabet.all(), to: rest)
                }
            }
        }
    }
}
