/// A ``UniversalLinkPattern`` compiled for matching (Documentation/aasa.md §3.3): a
/// ``UniversalLinkGlob`` when it has no substitution variable, which is every pattern but
/// those of files that define variables, otherwise a ``UniversalLinkAutomaton``.
///
/// Neither backtracks: a glob reads the text once, whatever its `*`s and `?`s, and the
/// automaton carries the set of places a match can reach, a word per 64 characters.
package struct UniversalLinkProgram: Sendable, Hashable {
    private enum Engine: Sendable, Hashable {
        case glob(UniversalLinkGlob)
        case automaton(UniversalLinkAutomaton)
    }

    private let engine: Engine
    /// Whether characters are compared after case folding (``folded(_:)``).
    package let ignoresCase: Bool
    /// The characters every match starts with (the pattern's leading literal, case-folded
    /// when the program ignores case): an app's rules are indexed by it.
    package let prefix: [Unicode.Scalar]

    /// Compiles `pattern`; with `ignoringCase`, characters compare by ``folded(_:)``.
    package init(_ pattern: UniversalLinkPattern, ignoringCase: Bool) {
        ignoresCase = ignoringCase
        let elements =
            ignoringCase
            ? pattern.elements.map { element in
                if case .scalar(let scalar) = element { .scalar(Self.folded(scalar)) } else { element }
            } : pattern.elements
        prefix = elements.prefix { if case .scalar = $0 { true } else { false } }.compactMap { element in
            if case .scalar(let scalar) = element { scalar } else { nil }
        }
        if let glob = UniversalLinkGlob(elements) {
            engine = .glob(glob)
        } else {
            engine = .automaton(UniversalLinkAutomaton(pattern, ignoringCase: ignoringCase))
        }
    }

    /// Whether the program matches all of `text`.
    package func matches(_ text: UniversalLinkText) -> Bool {
        var steps = 0
        return matches(text, steps: &steps)
    }

    /// Whether the program matches all of `text`, adding the characters it compared (for a
    /// glob) or the words of place sets it read (for an automaton) to `steps`.
    package func matches(_ text: UniversalLinkText, steps: inout Int) -> Bool {
        let characters = ignoresCase ? text.folded : text.scalars
        switch engine {
        case .glob(let glob): return glob.matches(characters, steps: &steps)
        case .automaton(let automaton): return automaton.matches(characters, steps: &steps)
        }
    }

    /// `scalar` case-folded: its lower-case mapping when that is one scalar, else itself.
    package static func folded(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        if scalar.isASCII {
            return ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value | 0x20) ?? scalar : scalar
        }
        let mapping = scalar.properties.lowercaseMapping.unicodeScalars
        return mapping.count == 1 ? mapping.first ?? scalar : scalar
    }
}

/// A part of a URL as rules compare it: its characters, and the same characters
/// case-folded (``UniversalLinkProgram/folded(_:)``) for rules that ignore case; each made
/// once per URL, whatever the number of rules.
package struct UniversalLinkText: Sendable {
    /// The characters as they are.
    package let scalars: [Unicode.Scalar]
    /// The characters case-folded.
    package let folded: [Unicode.Scalar]

    /// The characters of `text`.
    package init(_ text: some StringProtocol) {
        scalars = Array(text.unicodeScalars)
        folded = scalars.map(UniversalLinkProgram.folded)
    }

    /// The empty text.
    package static let empty = UniversalLinkText("")
}
