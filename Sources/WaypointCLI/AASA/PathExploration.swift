/// Explores every path at once over several ``PathAutomaton``s (a subset construction of
/// their union, from the first `/`): each reachable end state says which automata accept
/// the paths that reach it, with a shortest such path as a witness.
///
/// For AASA rules and routes this gives, for every combination of rules and routes that
/// some path matches together, one path that shows it, which is all `waypoint aasa check`
/// needs to decide its findings by construction.
///
/// The automata are flattened into arrays of edges and moves, and the explored sets of
/// states are kept in one pool of 32-bit state numbers, so a table of tens of thousands of
/// routes, whose sets mostly hold a few states each, costs tens of megabytes.
struct PathExploration: Sendable {
    /// The automata that accept together on some path, and a shortest such path.
    struct Combination: Sendable, Hashable {
        /// The indices of the accepting automata, in order.
        let accepting: [Int]
        /// A path (symbols) they all accept and the others do not.
        let witness: [Int]
    }

    /// The most sets of states explored, whatever the input; past the limit the exploration
    /// stops and says which automata it did not finish.
    static let maximumStates = 2_000_000
    /// The sets of states explored at least, and per automaton state: a table's sets mostly
    /// follow its routes' literals, a few per automaton state, while sets that outgrow
    /// that are what a hostile file's wildcards make.
    static let minimumStates = 200_000
    static let statesPerAutomatonState = 32

    /// The most work an exploration may do, whatever the input, and per automaton state:
    /// the edges, states and symbols looked at, the states and moves each closure follows,
    /// the steps sorting a closed set takes, and the states hashed, compared and copied to
    /// find and store a set (aasa.md §7.4). Tables of 20,000 routes and their generated files
    /// take 20 to 70 per state; a hostile file's sets of thousands of states take far more.
    static let maximumWork = 2_000_000_000
    static let minimumWork = 20_000_000
    static let workPerAutomatonState = 1_000

    /// The most work an exploration of automata of `total` states together may do.
    static func workLimit(forStates total: Int) -> Int {
        min(
            maximumWork,
            max(minimumWork, total.multipliedReportingOverflow(by: workPerAutomatonState).partialValue))
    }

    /// The most sets of states explored for automata of `total` states together.
    static func limit(forStates total: Int) -> Int {
        min(
            maximumStates,
            max(minimumStates, total.multipliedReportingOverflow(by: statesPerAutomatonState).partialValue))
    }
    /// The most automaton states all explored sets may hold together (160 MB), which bounds
    /// the memory a hostile table or file can take.
    static let maximumStoredStates = 40_000_000

    /// Every combination found, in the order found (shortest witnesses first).
    let combinations: [Combination]
    /// Whether every reachable set was explored, so that ``combinations`` is complete.
    let isComplete: Bool
    /// The automata with states in a set that was not explored: what they accept may hold
    /// combinations that were not found. Empty when ``isComplete``.
    let cut: Set<Int>
    /// The most sets this exploration would explore.
    let limit: Int
    /// The most work this exploration would do; it stops before the first successor it
    /// would compute past it, so ``work`` exceeds it by at most one successor's work.
    let workLimit: Int
    /// The work it did.
    let work: Int
    /// The states every closure it computed held together, counted apart from ``work``
    /// (which charges each of them, and more).
    let closedStates: Int

    /// Explores `automata` over `alphabet`, up to `limit` sets (by default
    /// ``limit(forStates:)``), `storedLimit` states and `workLimit` work (by default
    /// ``workLimit(forStates:)``).
    init(
        _ automata: consuming [PathAutomaton], alphabet: PathAlphabet, limit: Int? = nil,
        storedLimit: Int = maximumStoredStates, workLimit: Int? = nil
    ) {
        var graph = Graph(consume automata, alphabet: alphabet)
        let limit = limit ?? Self.limit(forStates: graph.owner.count)
        self.limit = limit
        let workLimit = workLimit ?? Self.workLimit(forStates: graph.owner.count)
        self.workLimit = workLimit
        var combinations: [Combination] = []
        var found = Set<[Int32]>()
        var cut = Set<Int>()
        let first = graph.successors(of: graph.closure(graph.initial), alphabet.slash)
        guard !first.isEmpty else {
            self.combinations = []
            isComplete = true
            self.cut = []
            work = graph.work
            closedStates = graph.closedStates
            return
        }
        var sets = SetPool()
        _ = sets.insert(first, work: &graph.work)
        var parents: [(set: Int32, symbol: Int32)] = [(-1, Int32(alphabet.slash))]
        var head = 0
        var complete = true
        let order = alphabet.explorationOrder
        var targets: [Int32] = []
        while head < sets.count {
            guard graph.work <= workLimit else {
                // Out of work: every set not explored yet is cut.
                complete = false
                for index in head..<sets.count {
                    for state in sets[index] { cut.insert(Int(graph.owner[Int(state)])) }
                }
                break
            }
            // A copy, so that adding sets does not copy the pool the slice shares.
            let current = Array(sets[head])
            // Which automata accept here.
            var accepting: [Int32] = []
            for state in current where graph.accepting[Int(state)] {
                accepting.append(graph.owner[Int(state)])
            }
            graph.work += 2 * current.count
            if !accepting.isEmpty {
                let owners = Array(Set(accepting)).sorted()
                graph.work += accepting.count + Self.sortingWork(owners.count)
                if found.insert(owners).inserted {
                    var witness: [Int] = []
                    var cursor = Int32(head)
                    while cursor >= 0 {
                        witness.append(Int(parents[Int(cursor)].symbol))
                        cursor = parents[Int(cursor)].set
                    }
                    graph.work += witness.count
                    combinations.append(
                        Combination(accepting: owners.map(Int.init), witness: witness.reversed()))
                }
            }
            // Symbols that every edge of these states reads alike lead to the same set: one
            // successor per class of them, reached by its first symbol in `order`.
            var finished = true
            for symbol in graph.distinctSymbols(of: current, order: order) {
                // Out of work within the set: the loop's guard cuts it with the sets after it.
                guard graph.work <= workLimit else {
                    finished = false
                    break
                }
                graph.targets(of: current, on: symbol, into: &targets)
                graph.close(targets)
                let next = graph.closed
                guard sets.find(next, work: &graph.work) == nil else { continue }
                guard sets.count < limit, sets.stored + next.count <= storedLimit else {
                    complete = false
                    for state in next { cut.insert(Int(graph.owner[Int(state)])) }
                    continue
                }
                _ = sets.insert(next, work: &graph.work)
                parents.append((Int32(head), Int32(symbol)))
            }
            if finished { head += 1 }
        }
        self.combinations = combinations
        isComplete = complete
        self.cut = cut
        work = graph.work
        closedStates = graph.closedStates
    }

    /// The work sorting `count` elements is charged: ⌈log₂ count⌉ steps per element, the
    /// order of the comparisons a sort takes.
    static func sortingWork(_ count: Int) -> Int {
        count < 2 ? count : count * (Int.bitWidth - (count - 1).leadingZeroBitCount)
    }

    /// The automata as flat arrays of global state numbers.
    private struct Graph {
        let owner: [Int32]
        let accepting: [Bool]
        let initial: [Int32]
        private let edgeStart: [Int32]
        private let edgeSymbols: [Int32]
        private let edgeTargets: [Int32]
        private let moveStart: [Int32]
        private let moveTargets: [Int32]
        /// Each distinct symbol set.
        private let setMembers: [SymbolSet]
        private var marks: [UInt32]
        private var generation: UInt32 = 0
        private var setMarks: [UInt32]
        private var setGeneration: UInt32 = 0
        /// The edges, states, moves and symbols looked at and the sorting steps taken so
        /// far: the exploration's work.
        var work = 0
        /// The states every closure so far held together.
        private(set) var closedStates = 0

        init(_ automata: consuming [PathAutomaton], alphabet: PathAlphabet) {
            var owner: [Int32] = []
            var accepting: [Bool] = []
            var initial: [Int32] = []
            var edgeStart: [Int32] = [0]
            var edgeSymbols: [Int32] = []
            var edgeTargets: [Int32] = []
            var moveStart: [Int32] = [0]
            var moveTargets: [Int32] = []
            var listIndex: [SymbolSet: Int32] = [:]
            var setMembers: [SymbolSet] = []
            var offset: Int32 = 0
            for (index, automaton) in automata.enumerated() {
                initial += automaton.starts.map { Int32($0) + offset }
                for local in 0..<automaton.stateCount {
                    owner.append(Int32(index))
                    accepting.append(automaton.accepting[local])
                    for edge in automaton.edges[local] {
                        let list: Int32
                        if let known = listIndex[edge.symbols] {
                            list = known
                        } else {
                            list = Int32(setMembers.count)
                            listIndex[edge.symbols] = list
                            setMembers.append(edge.symbols)
                        }
                        edgeSymbols.append(list)
                        edgeTargets.append(Int32(edge.to) + offset)
                    }
                    edgeStart.append(Int32(edgeSymbols.count))
                    moveTargets += automaton.moves[local].map { Int32($0) + offset }
                    moveStart.append(Int32(moveTargets.count))
                }
                offset += Int32(automaton.stateCount)
            }
            self.owner = owner
            self.accepting = accepting
            self.initial = initial
            self.edgeStart = edgeStart
            self.edgeSymbols = edgeSymbols
            self.edgeTargets = edgeTargets
            self.moveStart = moveStart
            self.moveTargets = moveTargets
            self.setMembers = setMembers
            marks = Array(repeating: 0, count: owner.count)
            setMarks = Array(repeating: 0, count: setMembers.count)
        }

        /// The result of the last ``close(_:)``.
        private(set) var closed: [Int32] = []
        private var stack: [Int32] = []
        private var sortBuffer: [Int32] = []
        private var digitCounts: [Int] = []

        /// Sets ``closed`` to `states` and every state their moves reach, sorted, without
        /// repeats. Its buffers are reused from call to call. Each state pushed, each state
        /// closed and each step of the sort is work.
        mutating func close(_ states: [Int32]) {
            generation &+= 1
            if generation == 0 {
                for index in marks.indices { marks[index] = 0 }
                generation = 1
            }
            closed.removeAll(keepingCapacity: true)
            stack.removeAll(keepingCapacity: true)
            stack.append(contentsOf: states)
            work += stack.count
            while let state = stack.popLast() {
                guard marks[Int(state)] != generation else { continue }
                marks[Int(state)] = generation
                closed.append(state)
                let moves = Int(moveStart[Int(state)])..<Int(moveStart[Int(state) + 1])
                work += moves.count + 1
                // Last first, so that they are popped, and closed, in order: a variable's
                // values are numbered in order.
                for index in moves.reversed() {
                    stack.append(moveTargets[index])
                }
            }
            closedStates += closed.count
            work += sortClosed()
        }

        /// `states` and every state their moves reach, sorted, without repeats.
        mutating func closure(_ states: [Int32]) -> [Int32] {
            close(states)
            return closed
        }

        /// Sorts ``closed``, which the closure gives mostly in order, and returns the work it
        /// took: insertion sort for short runs while it takes at most 4 shifts per state, and
        /// a radix sort by digits of 11 bits for long runs or after that, where the closure's
        /// order can be anything (a hostile file's sets of a hundred thousand states). Both are written for `Int32` over buffers so that they run fast
        /// unoptimised too, where the library's generic sort runs unspecialised and took most
        /// of a hostile file's time.
        private mutating func sortClosed() -> Int {
            var work = 0
            if closed.count <= 512 {
                let (sorted, steps) = Self.insertionSort(&closed, maximumShifts: 4 * closed.count)
                guard !sorted else { return steps }
                work = steps
            }
            let count = closed.count
            let digitBits = 11
            let radix = 1 << digitBits
            // Every state number is below `owner.count`.
            let bits = Int.bitWidth - (owner.count - 1).leadingZeroBitCount
            // The buffers are moved out and back, so that they are never copied.
            var source = closed
            var target = sortBuffer
            var counts = digitCounts
            closed = []
            sortBuffer = []
            digitCounts = []
            if target.count > count {
                target.removeLast(target.count - count)
            } else if target.count < count {
                target.append(contentsOf: repeatElement(0, count: count - target.count))
            }
            if counts.count != radix { counts = Array(repeating: 0, count: radix) }
            var shift = 0
            while shift < bits {
                Self.sortPass(source, into: &target, counts: &counts, shift: shift, radix: radix)
                swap(&source, &target)
                work += 2 * count + 2 * radix
                shift += digitBits
            }
            closed = source
            sortBuffer = target
            digitCounts = counts
            return work
        }

        /// Writes `source` into `target` in the order of their digits (`radix` of them) at
        /// `shift`, keeping the order of equal digits.
        private static func sortPass(
            _ source: [Int32], into target: inout [Int32], counts: inout [Int], shift: Int, radix: Int
        ) {
            source.withUnsafeBufferPointer { source in
                target.withUnsafeMutableBufferPointer { target in
                    counts.withUnsafeMutableBufferPointer { counts in
                        for digit in 0..<radix { counts[digit] = 0 }
                        for value in source { counts[Int(value) >> shift & (radix - 1)] += 1 }
                        var total = 0
                        for digit in 0..<radix {
                            let digitCount = counts[digit]
                            counts[digit] = total
                            total += digitCount
                        }
                        for value in source {
                            let digit = Int(value) >> shift & (radix - 1)
                            target[counts[digit]] = value
                            counts[digit] += 1
                        }
                    }
                }
            }
        }

        /// Sorts `states` by insertion, unless that takes more than `maximumShifts` shifts,
        /// and returns whether it did and the steps it took.
        private static func insertionSort(
            _ states: inout [Int32], maximumShifts: Int
        ) -> (sorted: Bool, steps: Int) {
            states.withUnsafeMutableBufferPointer { buffer in
                guard buffer.count > 1 else { return (true, buffer.count) }
                let steps = buffer.count
                var shifts = 0
                for index in 1..<buffer.count {
                    let value = buffer[index]
                    var position = index
                    while position > 0 && buffer[position - 1] > value {
                        buffer[position] = buffer[position - 1]
                        position -= 1
                    }
                    buffer[position] = value
                    shifts += index - position
                    // Still a permutation of the states: the radix sort takes it from here.
                    guard shifts <= maximumShifts else { return (false, steps + shifts) }
                }
                return (true, steps + shifts)
            }
        }

        /// The closure of the states `states` reach on `symbol`.
        mutating func successors(of states: [Int32], _ symbol: Int) -> [Int32] {
            var next: [Int32] = []
            for state in states {
                for index in Int(edgeStart[Int(state)])..<Int(edgeStart[Int(state) + 1])
                where setMembers[Int(edgeSymbols[index])].contains(symbol) {
                    next.append(edgeTargets[index])
                }
            }
            return next.isEmpty ? [] : closure(next)
        }

        /// The symbols, in `order`, each the first of a class of symbols that every edge out
        /// of `states` reads alike (all or none of them); symbols no edge reads are left out.
        mutating func distinctSymbols(of states: [Int32], order: [Int]) -> [Int] {
            // The distinct symbol sets the edges read.
            setGeneration &+= 1
            if setGeneration == 0 {
                for index in setMarks.indices { setMarks[index] = 0 }
                setGeneration = 1
            }
            var present: [Int32] = []
            for state in states {
                work += Int(edgeStart[Int(state) + 1] - edgeStart[Int(state)]) + 1
                for index in Int(edgeStart[Int(state)])..<Int(edgeStart[Int(state) + 1]) {
                    let set = edgeSymbols[index]
                    if setMarks[Int(set)] != setGeneration {
                        setMarks[Int(set)] = setGeneration
                        present.append(set)
                    }
                }
            }
            guard !present.isEmpty else { return [] }
            work += order.count * present.count
            // Each symbol's signature: which of them read it.
            var seen = Set<[UInt64]>()
            var result: [Int] = []
            var signature = Array(repeating: UInt64(0), count: (present.count + 63) / 64)
            for symbol in order {
                var any = false
                for word in signature.indices { signature[word] = 0 }
                for (position, set) in present.enumerated() where setMembers[Int(set)].contains(symbol) {
                    signature[position / 64] |= 1 << UInt64(position % 64)
                    any = true
                }
                if any && seen.insert(signature).inserted { result.append(symbol) }
            }
            return result
        }

        /// Sets `targets` to the targets of the edges out of `states` that read `symbol`.
        mutating func targets(of states: [Int32], on symbol: Int, into targets: inout [Int32]) {
            targets.removeAll(keepingCapacity: true)
            for state in states {
                work += Int(edgeStart[Int(state) + 1] - edgeStart[Int(state)]) + 1
                for index in Int(edgeStart[Int(state)])..<Int(edgeStart[Int(state) + 1])
                where setMembers[Int(edgeSymbols[index])].contains(symbol) {
                    targets.append(edgeTargets[index])
                }
            }
        }
    }

    /// The explored sets, each a sorted run of state numbers in one pool, found by hash.
    private struct SetPool {
        private var pool: [Int32] = []
        private var bounds: [Int] = [0]
        private var byHash: [Int: Int32] = [:]
        /// For each set, the next set with the same hash, or -1.
        private var chain: [Int32] = []

        var count: Int { bounds.count - 1 }
        /// The states all sets hold together.
        var stored: Int { pool.count }

        subscript(index: Int) -> ArraySlice<Int32> {
            pool[bounds[index]..<bounds[index + 1]]
        }

        /// The set equal to `states`, if any; hashing and comparing states is `work`.
        func find(_ states: [Int32], work: inout Int) -> Int? {
            var cursor = byHash[Self.hash(states)] ?? -1
            work += states.count + 1
            while cursor >= 0 {
                work += states.count + 1
                if equal(Int(cursor), states) { return Int(cursor) }
                cursor = chain[Int(cursor)]
            }
            return nil
        }

        private func equal(_ index: Int, _ states: [Int32]) -> Bool {
            let start = bounds[index]
            guard bounds[index + 1] - start == states.count else { return false }
            for offset in 0..<states.count where pool[start + offset] != states[offset] { return false }
            return true
        }

        /// Stores `states`; hashing and copying them is `work`.
        mutating func insert(_ states: [Int32], work: inout Int) -> Int {
            work += 2 * states.count + 1
            let index = count
            let hash = Self.hash(states)
            chain.append(byHash[hash] ?? -1)
            byHash[hash] = Int32(index)
            pool += states
            bounds.append(pool.count)
            return index
        }

        private static func hash(_ states: [Int32]) -> Int {
            var hasher = Hasher()
            hasher.combine(states.count)
            for state in states { hasher.combine(state) }
            return hasher.finalize()
        }
    }
}
