import Foundation

/// A route regex compiled by Foundation's `NSRegularExpression` (ICU): the implementation of
/// ``CompiledRegex`` where PCRE2 is not built (Apple platforms) or the `FoundationRegex`
/// package trait is on.
///
/// The pattern is first rewritten by ``ICUPattern`` so that ICU reads it as PCRE2 would,
/// or rejected when ICU cannot. Subjects arrive as UTF-8 bytes; ICU matches UTF-16, so a
/// thread converts the subjects of a lookup once (``FoundationCaptures/text(for:)``) and
/// converts every range back to UTF-8 byte offsets.
///
/// Limits are enforced through `NSRegularExpression`'s progress callback: ICU reports
/// progress after every 10,000 saved backtracking states, and the match stops itself
/// when ``FoundationLimits`` says its budget is spent. A stop is
/// ``RegexLimitKind/match``; ICU giving up on its own backtracking stack is
/// ``RegexLimitKind/depth``.
final class FoundationEngineRegex: CompiledRegex, Sendable {
    /// The compiled expression. `NSRegularExpression` is immutable and documented as safe
    /// to use from several threads at once.
    private let expression: NSRegularExpression

    let captureCount: Int
    let groupNumbers: [String: Int]

    static var engine: RegexEngineKind { .foundation }

    /// Rewrites `pattern` for ICU and compiles it.
    ///
    /// - Throws: ``RegexCompileError`` from the rewrite (PCRE2's message where PCRE2 would
    ///   fail the same way, or a rejection naming the construct and this engine), or, when
    ///   ICU refuses the rewritten pattern, a message saying so at offset 0 (ICU reports no
    ///   position through `NSRegularExpression`).
    init(pattern: [UInt8], options: RegexOptions = []) throws(RegexCompileError) {
        let syntax = RegexSyntax(pattern)
        let translated = try ICUPattern(syntax, caseless: options.contains(.caseless))
        var text = translated.text
        if options.contains(.endAnchored) { text = "(?:" + text + ")\\z" }
        var icuOptions: NSRegularExpression.Options = [.useUnixLineSeparators]
        if options.contains(.caseless) { icuOptions.insert(.caseInsensitive) }
        if options.contains(.dotAll) { icuOptions.insert(.dotMatchesLineSeparators) }
        do {
            expression = try NSRegularExpression(pattern: text, options: icuOptions)
        } catch {
            throw RegexCompileError(message: "\(Self.engine.rawValue) cannot compile this pattern", offset: 0)
        }
        // Anchoring at the start is a matching option (`.anchored`), checked at match time.
        isAnchored = options.contains(.anchored)
        chargesUnreportedStates = NestedRepetition.occurs(in: syntax)
        captureCount = translated.captureCount
        groupNumbers = translated.groupNumbers
    }

    /// Whether matches must start at the start of the subject.
    private let isAnchored: Bool
    /// Whether a run that finds no match is counted as work ICU never reported
    /// (``LookupBudget/recordUnreportedRun(upTo:)``): the pattern repeats a group that
    /// repeats (``NestedRepetition``), the shape that can do 10,000 states of work on a
    /// short subject without a report (decisions.md, "The regex budget never costs a legitimate route").
    let chargesUnreportedStates: Bool

    func match(
        _ subject: UnsafeBufferPointer<UInt8>, limits: FoundationLimits, into captures: FoundationCaptures
    ) -> RegexOutcome {
        let text = captures.text(for: subject)
        var unpaid = LookupBudget(0)
        return run(
            text, stoppingAt: limits.ticks(forSubjectLength: text.range.length), budget: &unpaid,
            into: captures)
    }

    /// Matches, paid for from `budget`.
    ///
    /// ICU reports its work, so a run is charged what it reported: the progress reports its
    /// allowance covers (``FoundationLimits/allowanceTicks(forSubjectLength:)``) are free,
    /// every later one costs 10,000 units, taken as it arrives. When the budget left cannot
    /// pay for a report, the run stops there, before its own limit: ``RegexOutcome/budgetSpent``.
    /// The states saved after the last report (fewer than 10,000) are never reported, so
    /// they are not charged. A run of a pattern that repeats a repeating group that found no
    /// match is counted instead (``LookupBudget/recordUnreportedRun(upTo:)``): it may have
    /// done up to 10,000 states unseen, so a lookup makes as many of them as the budget could
    /// pay for at 10,000 units each, at least 100, and the next exhausts the budget.
    /// Once the budget is exhausted (``LookupBudget/isExhausted``), no report is free.
    func match(
        _ subject: UnsafeBufferPointer<UInt8>, limits: FoundationLimits, into captures: FoundationCaptures,
        budget: inout LookupBudget
    ) -> RegexOutcome {
        let text = captures.text(for: subject)
        let length = text.range.length
        budget.runs += 1
        let outcome = run(
            text, stoppingAt: limits.ticks(forSubjectLength: length),
            free: budget.isExhausted ? 0 : FoundationLimits.allowanceTicks(forSubjectLength: length),
            budget: &budget, into: captures)
        if chargesUnreportedStates && outcome == .noMatch {
            budget.recordUnreportedRun(upTo: UInt32(FoundationLimits.statesPerTick))
        }
        return outcome
    }

    /// Matches the subject `text` locates, stopping at progress report `allowed` (the match
    /// limit); the reports after the first `free` ones are paid from `budget`, when there
    /// is one.
    ///
    /// The subject is a range of a string the thread converted before
    /// (``FoundationCaptures/text(for:)``). ICU matches within the range as if it were the
    /// whole string: its bounds are anchoring (`^`, `$`, `\z` and `.anchored` hold at
    /// them) and opaque (lookaround and `\b` do not see past them), as PCRE2 sees a subject
    /// that is a slice of the decoded path.
    private func run(
        _ text: FoundationCaptures.Text, stoppingAt allowed: Int, free: Int = .max,
        budget: inout LookupBudget,
        into captures: FoundationCaptures
    ) -> RegexOutcome {
        var outcome = RegexOutcome.noMatch
        var ticks = 0
        var left = budget
        let groups = captureCount
        var options: NSRegularExpression.MatchingOptions = [.reportProgress]
        if isAnchored { options.insert(.anchored) }
        expression.enumerateMatches(in: text.string, options: options, range: text.range) {
            result, flags, stop in
            if let result {
                captures.store(result, of: text, groups: groups)
                outcome = .matched
                stop.pointee = true
            } else if flags.contains(.internalError) {
                // ICU gave up, which it does when its backtracking stack is full.
                outcome = .limitExceeded(.depth)
                stop.pointee = true
            } else if flags.contains(.progress) {
                ticks += 1
                if ticks >= allowed {
                    outcome = .limitExceeded(.match)
                    stop.pointee = true
                } else if ticks > free && !left.take(UInt32(FoundationLimits.statesPerTick)) {
                    outcome = .budgetSpent
                    stop.pointee = true
                }
            }
        }
        budget = left
        return outcome
    }
}

/// The limits of ``FoundationEngineRegex`` matches.
struct FoundationLimits: RegexMatchLimits {
    /// ICU backtracking states saved per progress report (ICU's `TIMER_INITIAL_VALUE`).
    static let statesPerTick = 10_000
    /// States a match may save per UTF-16 unit of its subject on top of the match limit.
    /// ICU saves a state for every repetition of a loop such as `(?:a|b)*`, where PCRE2's
    /// JIT counts none, so a linear pass over a long slug must not count as backtracking.
    static let statesPerSubjectUnit = 4

    /// The match limit, in ICU states.
    let matchLimit: Int

    /// The match limit counts steps as PCRE2 does; ICU counts saved states and reports them
    /// every 10,000, so a match stops at the first report past its allowance (at least one
    /// report). The depth limit has no ICU counterpart: ICU bounds its own backtracking
    /// stack (8 million words) and reports an error when it is full, which is read as the
    /// depth limit. ICU's stack is on the heap and grows as needed, so the subject length
    /// needs no provision.
    init(matchLimit: UInt32, depthLimit: UInt32, maxSubjectLength: Int) {
        self.matchLimit = Int(matchLimit)
    }

    /// How many progress reports a run on a subject of `length` UTF-16 units reaches
    /// within its allowance (``LookupBudget``): ``LookupBudget/allowanceBase`` plus
    /// ``statesPerSubjectUnit`` states per unit, in whole reports. A short subject has none:
    /// ICU cannot be stopped earlier than its first report, so a run that reaches it is
    /// charged from there.
    static func allowanceTicks(forSubjectLength length: Int) -> Int {
        (LookupBudget.allowanceBase + statesPerSubjectUnit * length) / statesPerTick
    }

    /// How many progress reports a match on a subject of `length` UTF-16 units may reach
    /// before it is stopped: its allowance (the match limit plus ``statesPerSubjectUnit`` per
    /// unit) in whole reports, at least one.
    func ticks(forSubjectLength length: Int) -> Int {
        let allowance = matchLimit + Self.statesPerSubjectUnit * length
        return max(1, (allowance + Self.statesPerTick - 1) / Self.statesPerTick)
    }
}

/// The capture ranges of the calling thread's last ``FoundationEngineRegex`` match, as
/// UTF-8 byte offsets, and the text the thread last converted for ICU.
///
/// ICU matches UTF-16 text. The routes tried at one trie node of a lookup run on the same
/// subject, with or without the trailing slash the router ignores, so the thread converts a
/// subject followed by `/` and matches every later subject that is that text, or that text
/// without its last `/`, as a range of the same string starting at 0: the subject is
/// converted once per node rather than once per regex run. Only ranges that start at 0 are
/// used: Foundation on Linux does not hold `.anchored` at a range that starts later (an
/// anchored `(a+)\1` matched `aa` inside `aaa` at offset 1 of `aaaa/`). Whether a subject
/// is the text is decided by comparing its bytes, never by where they are in memory, so a
/// text left from another lookup is reused only where it holds the same bytes.
struct FoundationCaptures: RegexCaptures {
    /// The per-thread storage.
    private let storage: Storage

    /// Start and end of each group, group 0 first; -1 for a group that took no part.
    final class Storage {
        var bounds: [Int] = []
        /// Counts the matches recorded, odd values only (``FoundationCaptures/generation``).
        var generation: UInt32 = 1
        /// The UTF-8 bytes of the text converted last, and the string made of them.
        var bytes: [UInt8] = []
        var string = ""
        /// Whether `bytes` are all ASCII, so UTF-16 and UTF-8 offsets are the same.
        var isASCII = true
    }

    /// A subject as ICU matches it: a range of a converted string.
    struct Text {
        /// The string the subject is part of.
        let string: String
        /// The subject's UTF-16 range in `string`.
        let range: NSRange
        /// The subject's UTF-8 offset in `string`.
        let utf8Start: Int
        /// Whether `string` is all ASCII.
        let isASCII: Bool
    }

    static func forCurrentThread(groups: Int) -> FoundationCaptures {
        if let existing = pthread_getspecific(capturesKey) {
            return FoundationCaptures(storage: Unmanaged<Storage>.fromOpaque(existing).takeUnretainedValue())
        }
        let storage = Storage()
        pthread_setspecific(capturesKey, Unmanaged.passRetained(storage).toOpaque())
        return FoundationCaptures(storage: storage)
    }

    func range(ofGroup group: Int) -> Range<Int>? {
        guard 2 * group + 1 < storage.bounds.count else { return nil }
        let start = storage.bounds[2 * group]
        return start < 0 ? nil : start..<storage.bounds[2 * group + 1]
    }

    /// Changes whenever a match is recorded: captures read when it has the value it had
    /// right after a match are that match's (``RegexCaptures/generation``).
    var generation: UInt32 { storage.generation }

    /// `subject` (valid UTF-8) as a range of a string converted for ICU: of the text
    /// converted last, when the subject is that text or that text without its final `/`,
    /// else of a new text, the subject followed by `/`.
    func text(for subject: UnsafeBufferPointer<UInt8>) -> Text {
        let count = subject.count
        if let start = storage.offset(of: subject) {
            let utf16Start = storage.utf16Distance(0, start)
            return Text(
                string: storage.string,
                range: NSRange(location: utf16Start, length: storage.utf16Distance(start, start + count)),
                utf8Start: start, isASCII: storage.isASCII)
        }
        storage.bytes.removeAll(keepingCapacity: true)
        storage.bytes.append(contentsOf: subject)
        storage.bytes.append(UInt8(ascii: "/"))
        storage.isASCII = !subject.contains { $0 >= 0x80 }
        storage.string = String(decoding: storage.bytes, as: UTF8.self)
        return Text(
            string: storage.string, range: NSRange(location: 0, length: storage.utf16Distance(0, count)),
            utf8Start: 0, isASCII: storage.isASCII)
    }

    /// Records `result`, a match in `text`, converting its UTF-16 ranges to UTF-8 byte
    /// offsets in the subject.
    func store(_ result: NSTextCheckingResult, of text: Text, groups: Int) {
        storage.bounds.removeAll(keepingCapacity: true)
        storage.generation &+= 2
        let utf16Start = text.range.location
        let storage = storage
        func offset(_ position: Int) -> Int {
            if text.isASCII { return position - utf16Start }
            return storage.utf8Distance(from: text.utf8Start, utf16Units: position - utf16Start)
        }
        for group in 0...groups {
            let range =
                group < result.numberOfRanges
                ? result.range(at: group) : NSRange(location: NSNotFound, length: 0)
            if range.location == NSNotFound {
                storage.bounds.append(-1)
                storage.bounds.append(-1)
            } else {
                storage.bounds.append(offset(range.location))
                storage.bounds.append(offset(range.location + range.length))
            }
        }
    }
}

extension FoundationCaptures.Storage {
    /// 0 when `subject` is `bytes`, or `bytes` without a final `/`; nil otherwise (a
    /// range of the text that starts later would not hold `.anchored`, see
    /// ``FoundationCaptures``).
    fileprivate func offset(of subject: UnsafeBufferPointer<UInt8>) -> Int? {
        let count = subject.count
        return bytes.withUnsafeBufferPointer { text -> Int? in
            guard let base = text.baseAddress, !text.isEmpty else { return nil }
            // The subject without a trailing slash comes first: the text was made from one.
            let withoutSlash = count == text.count - 1 && base[count] == UInt8(ascii: "/")
            guard withoutSlash || count == text.count else { return nil }
            guard count > 0, let source = subject.baseAddress else { return 0 }
            return memcmp(base, source, count) == 0 ? 0 : nil
        }
    }

    /// The UTF-16 length of `bytes[start..<end]`, which starts and ends on scalar boundaries.
    fileprivate func utf16Distance(_ start: Int, _ end: Int) -> Int {
        if isASCII { return end - start }
        var units = 0
        for index in start..<end {
            let byte = bytes[index]
            // One unit per scalar (per byte that does not continue one), two for four-byte ones.
            if byte & 0xC0 != 0x80 { units += byte >= 0xF0 ? 2 : 1 }
        }
        return units
    }

    /// The UTF-8 length of the first `units` UTF-16 units of `bytes` from `start`.
    fileprivate func utf8Distance(from start: Int, utf16Units units: Int) -> Int {
        var index = start
        var seen = 0
        while seen < units && index < bytes.count {
            let byte = bytes[index]
            seen += byte >= 0xF0 ? 2 : 1
            index += byte < 0x80 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
        }
        return index - start
    }
}

/// The thread-local slot holding each thread's captures; its destructor releases them when
/// the thread exits.
private let capturesKey: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key) { value in
        releaseCaptures(value)
    }
    precondition(status == 0, "pthread_key_create failed: \(status)")
    return key
}()

/// Releases a thread's captures (the value is optional on some platforms, not on others).
private func releaseCaptures(_ value: UnsafeMutableRawPointer?) {
    guard let value else { return }
    Unmanaged<FoundationCaptures.Storage>.fromOpaque(value).release()
}
