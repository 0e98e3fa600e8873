#if canImport(CPCRE2)
    import CPCRE2

    /// The limits every match runs under: a PCRE2 match context that is created once and then
    /// only read, so it is shared by all threads.
    ///
    /// JIT code runs on a JIT stack, not the machine stack. PCRE2's default (32 KiB) is
    /// exhausted by a legitimate `(?:[a-z0-9]|-)+` slug of about 1,300 bytes, so the context
    /// hands every match the calling thread's own JIT stack (``PCRE2JITStack``), sized for
    /// subjects of the router's URL bound.
    final class PCRE2Limits: RegexMatchLimits, @unchecked Sendable {
        // @unchecked Sendable: the contexts are configured in `init` and never modified again;
        // PCRE2 only reads a match context during a match, and the JIT stack it hands out
        // belongs to the calling thread.
        let context: OpaquePointer
        /// The same limits with the match limit lowered to 32, 64, 128, … (each below
        /// ``matchLimit``): the first run of a match paid from a lookup's budget
        /// (``LookupBudget``) runs under the smallest that covers its allowance.
        private let allowanceContexts: [OpaquePointer]

        /// The match limit: how many times PCRE2 may call its internal match function.
        let matchLimit: UInt32
        /// The smallest allowance level, `1 << smallestLevel` units.
        private static let smallestLevel = 5
        /// The depth limit: how deep backtracking may nest (ignored by JIT code, which is
        /// bounded by its stack instead).
        let depthLimit: UInt32
        /// The largest JIT stack a match may use, in bytes.
        let jitStackSize: Int

        init(matchLimit: UInt32, depthLimit: UInt32, maxSubjectLength: Int) {
            self.matchLimit = matchLimit
            self.depthLimit = depthLimit
            let jitStackSize = PCRE2JITStack.size(forSubjectLength: maxSubjectLength)
            self.jitStackSize = jitStackSize
            func makeContext(matchLimit: UInt32) -> OpaquePointer {
                let context = pcre2_match_context_create_8(nil)!
                pcre2_set_match_limit_8(context, matchLimit)
                pcre2_set_depth_limit_8(context, depthLimit)
                pcre2_jit_stack_assign_8(
                    context, { PCRE2JITStack.forCurrentThread(size: Int(bitPattern: $0)) },
                    UnsafeMutableRawPointer(bitPattern: jitStackSize))
                return context
            }
            context = makeContext(matchLimit: matchLimit)
            var levels: [OpaquePointer] = []
            var level = UInt32(1) << Self.smallestLevel
            while level < matchLimit {
                levels.append(makeContext(matchLimit: level))
                level <<= 1
            }
            allowanceContexts = levels
        }

        deinit {
            pcre2_match_context_free_8(context)
            for level in allowanceContexts { pcre2_match_context_free_8(level) }
        }

        /// The work an ordinary route regex may do on a subject of `length` bytes, in match
        /// limit units: ``LookupBudget/allowanceBase`` plus one unit a byte for JIT code,
        /// which counts about one unit per iteration of a group that can backtrack and
        /// none for a simple repeat (`([a-z]+-)*[a-z]+` over 8,100 bytes counts 1,364,
        /// `.*`, `[^/]+` and `(?:[a-z0-9]|-)+` count one whatever the length), or four a
        /// byte for PCRE2's interpreter, which counts every backtracking point
        /// (`(?:[a-z0-9]|-)+` counts two a byte).
        static func allowance(forSubjectLength length: Int, isJIT: Bool) -> Int {
            LookupBudget.allowanceBase + (isJIT ? 1 : 4) * length
        }

        /// The match context and limit of the first run of a budgeted match: the smallest
        /// level at or above the allowance for `length` bytes, or the full limits when the
        /// allowance reaches ``matchLimit``.
        @inline(__always)
        func allowanceContext(
            forSubjectLength length: Int, isJIT: Bool
        ) -> (
            context: OpaquePointer, limit: UInt32
        ) {
            let allowance = Self.allowance(forSubjectLength: length, isJIT: isJIT)
            // The level whose limit, 1 << (smallestLevel + index), covers the allowance.
            let bits = Int.bitWidth - (allowance - 1).leadingZeroBitCount
            let index = max(0, bits - Self.smallestLevel)
            guard index < allowanceContexts.count else { return (context, matchLimit) }
            return (allowanceContexts[index], UInt32(1) << (Self.smallestLevel + index))
        }
    }
#endif
