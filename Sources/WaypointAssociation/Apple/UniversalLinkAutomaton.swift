import Waypoint

/// A ``UniversalLinkPattern`` with substitution variables, compiled to a small
/// nondeterministic automaton and matched by simulating every state at once (Thompson's
/// construction): the work is at most the pattern's states times the input's characters,
/// whatever the pattern. Patterns without variables are matched by ``UniversalLinkGlob``.
package struct UniversalLinkAutomaton: Sendable, Hashable {
    /// One state of the automaton.
    package enum Instruction: Sendable, Hashable {
        /// Consumes this character (already case-folded when the program ignores case).
        case scalar(Unicode.Scalar)
        /// Consumes any one character.
        case anyScalar
        /// Consumes any character and stays, or moves on without consuming (`*`).
        case anyRun
        /// Moves on, without consuming, to each of these states (a variable's values).
        case branch([Int])
        /// Moves on, without consuming, to this state (the end of a variable's value).
        case jump(Int)
        /// The pattern has matched when the input ends here.
        case accept
    }

    /// The states; the start is 0.
    package let instructions: [Instruction]
    /// The characters every match starts with (the pattern's leading literal, case-folded
    /// when the program ignores case), compared before the automaton runs: most rules of a
    /// large file fail there.
    package let prefix: [Unicode.Scalar]

    /// Compiles `pattern`; with `ignoringCase`, characters compare by
    /// ``UniversalLinkProgram/folded(_:)``.
    package init(_ pattern: UniversalLinkPattern, ignoringCase: Bool) {
        var instructions: [Instruction] = []
        instructions.reserveCapacity(pattern.stateCount)
        Self.emit(pattern.elements, ignoringCase: ignoringCase, into: &instructions)
        instructions.append(.accept)
        self.instructions = instructions
        prefix = instructions.prefix { if case .scalar = $0 { true } else { false } }.compactMap {
            instruction in
            if case .scalar(let scalar) = instruction { scalar } else { nil }
        }
    }

    private static func emit(
        _ elements: [UniversalLinkPattern.Element], ignoringCase: Bool, into program: inout [Instruction]
    ) {
        for element in elements {
            switch element {
            case .scalar(let scalar):
                program.append(.scalar(ignoringCase ? UniversalLinkProgram.folded(scalar) : scalar))
            case .anyScalar: program.append(.anyScalar)
            case .anyRun: program.append(.anyRun)
            case .variable(_, let values):
                let branch = program.count
                program.append(.branch([]))
                var starts: [Int] = []
                var jumps: [Int] = []
                for value in values {
                    starts.append(program.count)
                    emit(value, ignoringCase: ignoringCase, into: &program)
                    jumps.append(program.count)
                    program.append(.jump(0))
                }
                let end = program.count
                program[branch] = .branch(starts)
                for jump in jumps { program[jump] = .jump(end) }
            }
        }
    }

    /// Whether the automaton matches all of `text` (case-folded already when it ignores
    /// case), counting a step per live state per character into `steps`.
    ///
    /// - Complexity: O(*n* × *m*) for *n* characters and *m* states, and O(*m*) memory.
    package func matches(_ text: [Unicode.Scalar], steps: inout Int) -> Bool {
        guard text.count >= prefix.count else { return false }
        for (index, expected) in prefix.enumerated() {
            steps += 1
            guard text[index] == expected else { return false }
        }
        var simulation = Simulation(stateCount: instructions.count)
        simulation.add(prefix.count, program: instructions)
        for character in text[prefix.count...] {
            steps += simulation.count
            simulation.step(program: instructions) { instruction in
                switch instruction {
                case .scalar(let expected): expected == character
                case .anyScalar, .anyRun: true
                case .branch, .jump, .accept: false
                }
            }
            if simulation.isEmpty { return false }
        }
        return simulation.contains { instructions[$0] == .accept }
    }

    /// The set of live states, with a generation mark per state so adding is O(1).
    private struct Simulation {
        private var current: [Int] = []
        private var next: [Int] = []
        private var marks: [UInt32]
        private var generation: UInt32 = 1
        private var stack: [Int] = []

        init(stateCount: Int) {
            marks = Array(repeating: 0, count: stateCount)
        }

        var isEmpty: Bool { current.isEmpty }

        /// The number of live states.
        var count: Int { current.count }

        func contains(where predicate: (Int) -> Bool) -> Bool {
            current.contains(where: predicate)
        }

        /// Adds `state` and every state it reaches without consuming to the current set.
        mutating func add(_ state: Int, program: [Instruction]) {
            next.removeAll(keepingCapacity: true)
            addClosure(state, program: program)
            swap(&current, &next)
        }

        /// Consumes one character: every live state that `accepts` it moves on.
        mutating func step(program: [Instruction], accepts: (Instruction) -> Bool) {
            generation &+= 1
            if generation == 0 {
                // Wrapped after four billion steps: clear the marks once.
                for index in marks.indices { marks[index] = 0 }
                generation = 1
            }
            next.removeAll(keepingCapacity: true)
            for position in current.indices {
                let state = current[position]
                let instruction = program[state]
                guard accepts(instruction) else { continue }
                if case .anyRun = instruction {
                    addClosure(state, program: program)
                } else {
                    addClosure(state + 1, program: program)
                }
            }
            swap(&current, &next)
        }

        /// Adds `state` and the states it reaches without consuming to ``next``.
        private mutating func addClosure(_ state: Int, program: [Instruction]) {
            stack.append(state)
            while let state = stack.popLast() {
                guard marks[state] != generation else { continue }
                marks[state] = generation
                switch program[state] {
                case .branch(let targets): stack += targets.reversed()
                case .jump(let target): stack.append(target)
                case .anyRun:
                    next.append(state)
                    stack.append(state + 1)
                default:
                    next.append(state)
                }
            }
        }
    }
}
