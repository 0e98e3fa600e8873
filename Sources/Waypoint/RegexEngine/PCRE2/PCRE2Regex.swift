#if canImport(CPCRE2)
    import CPCRE2

    /// A pattern compiled by PCRE2 once, JIT-compiled when the library supports it, and
    /// matched from any number of threads: the PCRE2 implementation of ``CompiledRegex``.
    ///
    /// Patterns are compiled in UTF mode; subjects are UTF-8 byte buffers and every offset is
    /// a UTF-8 byte offset. Each match runs under the limits of a ``PCRE2Limits``.
    final class PCRE2Regex: CompiledRegex, @unchecked Sendable {
        // @unchecked Sendable: `code` is written once in `init` and only read afterwards.
        // PCRE2 documents a compiled pattern (and its JIT code) as safe to match from several
        // threads at once; per-match state lives in match data that is never shared.
        private let code: OpaquePointer

        /// The number of capturing groups in the pattern.
        let captureCount: Int
        /// Group numbers by name, read from PCRE2's name table.
        let groupNumbers: [String: Int]
        /// Whether the pattern runs as JIT code (false when PCRE2 has no JIT on this machine).
        let isJIT: Bool

        static var engine: RegexEngineKind { .pcre2 }

        /// Compiles `pattern` (UTF-8 text) with PCRE2's UTF option plus `options`.
        ///
        /// - Throws: ``RegexCompileError`` with PCRE2's message and the byte offset it reports.
        init(pattern: [UInt8], options: RegexOptions = []) throws(RegexCompileError) {
            var errorCode: Int32 = 0
            var errorOffset = 0
            let flags = UInt32(PCRE2_UTF) | UInt32(PCRE2_NEVER_BACKSLASH_C) | Self.flags(options)
            let compiled = pattern.withUnsafeBufferPointer { buffer in
                pcre2_compile_8(buffer.baseAddress, buffer.count, flags, &errorCode, &errorOffset, nil)
            }
            guard let compiled else {
                throw RegexCompileError(message: Self.message(forErrorCode: errorCode), offset: errorOffset)
            }
            code = compiled
            isJIT = pcre2_jit_compile_8(compiled, UInt32(PCRE2_JIT_COMPLETE)) == 0
            var count: UInt32 = 0
            pcre2_pattern_info_8(compiled, UInt32(PCRE2_INFO_CAPTURECOUNT), &count)
            captureCount = Int(count)
            groupNumbers = Self.readNameTable(compiled)
        }

        /// PCRE2's compile flags for `options`.
        private static func flags(_ options: RegexOptions) -> UInt32 {
            var flags: UInt32 = 0
            if options.contains(.anchored) { flags |= UInt32(PCRE2_ANCHORED) }
            if options.contains(.endAnchored) { flags |= UInt32(PCRE2_ENDANCHORED) }
            if options.contains(.dotAll) { flags |= UInt32(PCRE2_DOTALL) }
            if options.contains(.caseless) { flags |= UInt32(PCRE2_CASELESS) }
            return flags
        }

        deinit {
            pcre2_code_free_8(code)
        }

        /// Reads PCRE2's name table: entries of a big-endian group number followed by the
        /// NUL-terminated name, each `entrySize` bytes long.
        private static func readNameTable(_ code: OpaquePointer) -> [String: Int] {
            var nameCount: UInt32 = 0
            var entrySize: UInt32 = 0
            var table: UnsafePointer<UInt8>?
            pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_NAMECOUNT), &nameCount)
            pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_NAMEENTRYSIZE), &entrySize)
            pcre2_pattern_info_8(code, UInt32(PCRE2_INFO_NAMETABLE), &table)
            guard nameCount > 0, let table else { return [:] }
            var names: [String: Int] = [:]
            for entry in 0..<Int(nameCount) {
                let base = table + entry * Int(entrySize)
                let group = Int(base[0]) << 8 | Int(base[1])
                var length = 0
                while length < Int(entrySize) - 2, base[2 + length] != 0 { length += 1 }
                let name = String(
                    decoding: UnsafeBufferPointer(start: base + 2, count: length), as: UTF8.self)
                names[name] = group
            }
            return names
        }

        /// Matches the pattern against `subject`.
        ///
        /// On success the captured groups are in the calling thread's match data until the next
        /// match on this thread; read them with ``PCRE2MatchData/range(ofGroup:)``.
        @inline(__always)
        func match(
            _ subject: UnsafeBufferPointer<UInt8>, limits: PCRE2Limits, into data: PCRE2MatchData
        ) -> RegexOutcome {
            Self.outcome(run(subject, context: limits.context, into: data))
        }

        /// Matches the pattern against `subject`, paid for from `budget`.
        ///
        /// The first run has the allowance of the subject's length
        /// (``PCRE2Limits/allowanceContext(forSubjectLength:isJIT:)``) and is free: all an
        /// ordinary route regex needs. PCRE2 does not say how much of its match limit a
        /// finished match used, so one that reaches its allowance is run again under the full
        /// match limit, charged that limit, if the budget left covers it, and is
        /// ``RegexOutcome/budgetSpent`` otherwise. Once the budget is exhausted
        /// (``LookupBudget/isExhausted``), the first run has the base allowance only.
        @inline(__always)
        func match(
            _ subject: UnsafeBufferPointer<UInt8>, limits: PCRE2Limits, into data: PCRE2MatchData,
            budget: inout LookupBudget
        ) -> RegexOutcome {
            let allowance = limits.allowanceContext(
                forSubjectLength: budget.isExhausted ? 0 : subject.count, isJIT: isJIT)
            budget.runs += 1
            let first = run(subject, context: allowance.context, into: data)
            guard first == PCRE2_ERROR_MATCHLIMIT, allowance.limit < limits.matchLimit else {
                return Self.outcome(first)
            }
            guard budget.take(limits.matchLimit) else { return .budgetSpent }
            budget.runs += 1
            return Self.outcome(run(subject, context: limits.context, into: data))
        }

        /// Runs `pcre2_match` on `subject` under `context`.
        @inline(__always)
        private func run(
            _ subject: UnsafeBufferPointer<UInt8>, context: OpaquePointer, into data: PCRE2MatchData
        ) -> Int32 {
            data.countRun()
            // Subjects are built from Swift strings and decoded segments that were checked to
            // be valid UTF-8, so PCRE2's own UTF check is skipped.
            if let base = subject.baseAddress {
                return pcre2_match_8(
                    code, base, subject.count, 0, UInt32(PCRE2_NO_UTF_CHECK), data.pointer, context)
            }
            // PCRE2 rejects a null subject even when it is empty.
            var empty: UInt8 = 0
            return pcre2_match_8(code, &empty, 0, 0, UInt32(PCRE2_NO_UTF_CHECK), data.pointer, context)
        }

        /// The outcome a `pcre2_match` result stands for.
        @inline(__always)
        private static func outcome(_ result: Int32) -> RegexOutcome {
            switch result {
            case 0...: return .matched
            case PCRE2_ERROR_NOMATCH, PCRE2_ERROR_PARTIAL: return .noMatch
            case PCRE2_ERROR_MATCHLIMIT: return .limitExceeded(.match)
            case PCRE2_ERROR_DEPTHLIMIT, PCRE2_ERROR_HEAPLIMIT: return .limitExceeded(.depth)
            case PCRE2_ERROR_JIT_STACKLIMIT: return .limitExceeded(.stack)
            default: return .failed(code: result)
            }
        }
    }

    extension PCRE2Regex {
        /// PCRE2's message for an error code.
        static func message(forErrorCode code: Int32) -> String {
            var buffer = [UInt8](repeating: 0, count: 256)
            let length = buffer.withUnsafeMutableBufferPointer { pointer in
                pcre2_get_error_message_8(code, pointer.baseAddress, pointer.count)
            }
            guard length > 0 else { return "PCRE2 error \(code)" }
            return String(decoding: buffer[0..<Int(length)], as: UTF8.self)
        }
    }
#endif
