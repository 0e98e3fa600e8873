import CPCRE2

/// A pattern compiled by PCRE2 once, JIT-compiled when the library supports it, and
/// matched from any number of threads.
///
/// Patterns are compiled in UTF mode; subjects are UTF-8 byte buffers and every offset is
/// a UTF-8 byte offset. Each match runs under the limits of a ``RegexLimits``.
final class Regex: @unchecked Sendable {
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

    /// Compiles `pattern` (UTF-8 text) with PCRE2's UTF option plus `options`.
    ///
    /// - Throws: ``RegexCompileError`` with PCRE2's message and the byte offset it reports.
    init(pattern: [UInt8], options: UInt32 = 0) throws(RegexCompileError) {
        var errorCode: Int32 = 0
        var errorOffset = 0
        let flags = UInt32(PCRE2_UTF) | UInt32(PCRE2_NEVER_BACKSLASH_C) | options
        let compiled = pattern.withUnsafeBufferPointer { buffer in
            pcre2_compile_8(buffer.baseAddress, buffer.count, flags, &errorCode, &errorOffset, nil)
        }
        guard let compiled else {
            throw RegexCompileError(code: errorCode, offset: errorOffset)
        }
        code = compiled
        isJIT = pcre2_jit_compile_8(compiled, UInt32(PCRE2_JIT_COMPLETE)) == 0
        var count: UInt32 = 0
        pcre2_pattern_info_8(compiled, UInt32(PCRE2_INFO_CAPTURECOUNT), &count)
        captureCount = Int(count)
        groupNumbers = Regex.readNameTable(compiled)
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
            let name = String(decoding: UnsafeBufferPointer(start: base + 2, count: length), as: UTF8.self)
            names[name] = group
        }
        return names
    }

    /// Matches the pattern against `subject`.
    ///
    /// On success the captured groups are in the calling thread's match data until the next
    /// match on this thread; read them with ``MatchData/range(ofGroup:)``.
    func match(
        _ subject: UnsafeBufferPointer<UInt8>, limits: RegexLimits, into data: MatchData
    ) -> RegexOutcome {
        // Subjects are built from Swift strings and decoded segments that were checked to
        // be valid UTF-8, so PCRE2's own UTF check is skipped.
        let result: Int32
        if let base = subject.baseAddress {
            result = pcre2_match_8(
                code, base, subject.count, 0, UInt32(PCRE2_NO_UTF_CHECK), data.pointer, limits.context)
        } else {
            // PCRE2 rejects a null subject even when it is empty.
            var empty: UInt8 = 0
            result = pcre2_match_8(
                code, &empty, 0, 0, UInt32(PCRE2_NO_UTF_CHECK), data.pointer, limits.context)
        }
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

/// What a single regex match did.
enum RegexOutcome: Equatable, Sendable {
    /// The pattern matched; captures are in the thread's match data.
    case matched
    /// The pattern did not match.
    case noMatch
    /// PCRE2 gave up because a limit was reached; counts as a non-match.
    case limitExceeded(RegexLimitKind)
    /// Any other PCRE2 error (never expected; reported rather than trapped).
    case failed(code: Int32)
}

/// Which PCRE2 limit stopped a match.
public enum RegexLimitKind: String, Sendable, Hashable, Codable {
    /// The match limit (backtracking steps).
    case match
    /// The depth limit (nested backtracking points, or heap used for them).
    case depth
    /// The JIT machine stack ran out.
    case stack
}

/// A PCRE2 compile error: PCRE2's message and the byte offset in the compiled pattern.
struct RegexCompileError: Error, Sendable {
    /// PCRE2's error code.
    let code: Int32
    /// Byte offset in the pattern at which PCRE2 stopped.
    let offset: Int

    /// PCRE2's text for the error.
    var message: String {
        Regex.message(forErrorCode: code)
    }
}

extension Regex {
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
