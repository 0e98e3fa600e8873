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
        /// The same limits with the match limit lowered to ``probeLimit``: the first run of a
        /// match paid from a lookup's budget (``LookupBudget``).
        let probeContext: OpaquePointer

        /// The match limit: how many times PCRE2 may call its internal match function.
        let matchLimit: UInt32
        /// The match limit of a budgeted first run: ``LookupBudget/chargePerRun``, or
        /// ``matchLimit`` when that is lower. A JIT match of an ordinary route regex, even
        /// over a subject of several KiB, counts one or two.
        let probeLimit: UInt32
        /// The depth limit: how deep backtracking may nest (ignored by JIT code, which is
        /// bounded by its stack instead).
        let depthLimit: UInt32
        /// The largest JIT stack a match may use, in bytes.
        let jitStackSize: Int

        init(matchLimit: UInt32, depthLimit: UInt32, maxSubjectLength: Int) {
            self.matchLimit = matchLimit
            self.depthLimit = depthLimit
            probeLimit = min(matchLimit, LookupBudget.chargePerRun)
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
            probeContext = makeContext(matchLimit: probeLimit)
        }

        deinit {
            pcre2_match_context_free_8(context)
            pcre2_match_context_free_8(probeContext)
        }
    }
#endif
