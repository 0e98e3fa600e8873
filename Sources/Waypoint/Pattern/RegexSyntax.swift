/// The one reader of route regex syntax (PCRE2's, as PCRE2 10.42 reads it in UTF mode): a
/// pattern as a flat list of ``Atom``s, each with its UTF-8 offsets.
///
/// Every piece of code that reads regex syntax reads these atoms: the route parser (where a
/// segment ends, which `(` a `)` closes, what is a `:name`), the nested-repetition check
/// behind `waypoint lint`'s budget warning, the trie's skip once a lookup's budget is spent
/// and the Foundation engine's extra charge (``NestedRepetition``), the Foundation engine's
/// translation to ICU (`ICUPattern`), and lint's analysis of what a regex can match. So a
/// quoted literal `\Q(a+)+\E`, a comment `(?#…)`, a class `[)]` or an escaped `\(` mean the
/// same thing to all of them (Documentation/decisions.md, "One reader of regex syntax").
///
/// The reader never fails and claims nothing it did not read: text PCRE2 rejects is read as
/// far as it goes, an opening PCRE2 does not know is a ``Group/unknown`` group, and a
/// construct whose closing delimiter is missing runs to the end, marked
/// ``Atom/isComplete`` false. The engine (or the translator) reports the error. It never
/// recurses, and each byte is read a bounded number of times, so a hostile pattern of any
/// length is read in linear time.
///
/// It reads at registration only (patterns, not URLs): a lookup reads flags computed from
/// the atoms, never the atoms themselves.
package struct RegexSyntax: Sendable {
    /// The text read.
    package let bytes: [UInt8]
    /// The atoms, in order. Inside a class there are items instead (``classItems``).
    package let atoms: [Atom]
    /// The items of every class, class after class: literals, escapes, `\Q…\E` runs, POSIX
    /// classes and collating elements. A class atom names its range of them.
    package let classItems: [Atom]

    /// Reads `bytes` from offset `start`.
    ///
    /// - Parameters:
    ///   - segmentsAreGroups: read a route rather than one regex: each `/` outside groups
    ///     ends a segment, which is compiled inside a group of its own, so an option set at
    ///     a segment's top level (`(?x)`) ends there.
    package init(_ bytes: [UInt8], from start: Int = 0, segmentsAreGroups: Bool = false) {
        var reader = Reader(bytes: bytes, index: start, segmentsAreGroups: segmentsAreGroups)
        reader.read()
        self.bytes = bytes
        atoms = reader.atoms
        classItems = reader.classItems
    }

    /// Reads `pattern`.
    package init(_ pattern: String) {
        self.init(Array(pattern.utf8))
    }

    /// The text `range` covers.
    package func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// The text of `atom`.
    package func text(of atom: Atom) -> String {
        text(atom.range)
    }

    /// The scalar whose UTF-8 starts at `offset` (U+FFFD for a byte that starts none).
    package func scalar(at offset: Int) -> Unicode.Scalar {
        let end = Self.scalarEnd(bytes, at: offset)
        return String(decoding: bytes[offset..<end], as: UTF8.self).unicodeScalars.first ?? "\u{FFFD}"
    }

    /// For an escape, the byte after its backslash (nil for a `\` at the end).
    package func escapeLetter(_ atom: Atom) -> UInt8? {
        atom.range.count > 1 ? bytes[atom.range.lowerBound + 1] : nil
    }

    /// For a `\Q…\E` run, the offsets of the text it quotes.
    package func quotedText(_ atom: Atom) -> Range<Int> {
        (atom.range.lowerBound + 2)..<(atom.isComplete ? atom.range.upperBound - 2 : atom.range.upperBound)
    }

    /// Whether PCRE2 passes over `atom` when it looks for the item a quantifier repeats: a
    /// comment, an empty `\Q\E` and a `\E` on its own (`a(?#c)+` repeats `a`).
    package func isTransparent(_ atom: Atom) -> Bool {
        switch atom.kind {
        case .comment: true
        case .quoted: quotedText(atom).isEmpty
        case .escape: escapeLetter(atom) == UInt8(ascii: "E")
        default: false
        }
    }

    /// The offset after the UTF-8 scalar that starts at `offset` (one byte for a byte that
    /// starts no scalar), never past the end.
    static func scalarEnd(_ bytes: [UInt8], at offset: Int) -> Int {
        let lead = bytes[offset]
        let width = lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        return min(offset + width, bytes.count)
    }
}
