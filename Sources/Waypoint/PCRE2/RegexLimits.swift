import CPCRE2

/// The limits every match runs under: a PCRE2 match context that is created once and then
/// only read, so it is shared by all threads.
final class RegexLimits: @unchecked Sendable {
    // @unchecked Sendable: the context is configured in `init` and never modified again;
    // PCRE2 only reads a match context during a match.
    let context: OpaquePointer

    /// The match limit: how many times PCRE2 may call its internal match function.
    let matchLimit: UInt32
    /// The depth limit: how deep backtracking may nest (ignored by JIT code, which is
    /// bounded by its stack instead).
    let depthLimit: UInt32

    init(matchLimit: UInt32, depthLimit: UInt32) {
        self.matchLimit = matchLimit
        self.depthLimit = depthLimit
        context = pcre2_match_context_create_8(nil)!
        pcre2_set_match_limit_8(context, matchLimit)
        pcre2_set_depth_limit_8(context, depthLimit)
    }

    deinit {
        pcre2_match_context_free_8(context)
    }
}
