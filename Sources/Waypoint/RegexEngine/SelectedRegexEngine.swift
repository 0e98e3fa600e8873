// The one place where the regex engine is chosen (style.md habit 17). The package decides
// what is compiled in: `CPCRE2` is a dependency only on Linux and only with the default
// `PCRE2` trait (Package.swift); the `FoundationRegex` trait selects the Foundation engine
// even where PCRE2 is built. Everything else names only `Regex`, `RegexLimits` and
// `MatchData`.
#if canImport(CPCRE2) && !FoundationRegex
    /// The regex engine of this build: PCRE2.
    typealias Regex = PCRE2Regex
#else
    /// The regex engine of this build: Foundation's `NSRegularExpression`.
    typealias Regex = FoundationEngineRegex
#endif

/// The per-match limits of the selected engine.
typealias RegexLimits = Regex.Limits
/// The per-thread captures of the selected engine.
typealias MatchData = Regex.Captures

extension RegexEngineKind {
    /// The engine this build matches with.
    package static var selected: RegexEngineKind { Regex.engine }
}
