import Foundation

/// A route regex compiled by Foundation's `NSRegularExpression` (ICU): the implementation of
/// ``CompiledRegex`` where PCRE2 is not built (Apple platforms) or the `FoundationRegex`
/// package trait is on.
///
/// The pattern is first rewritten by ``ICUPattern`` so that ICU reads it as PCRE2 would,
/// or rejected when ICU cannot. Subjects arrive as UTF-8 bytes; ICU matches UTF-16, so a
/// match decodes the subject once and converts every range back to UTF-8 byte offsets.
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
        let translated = try ICUPattern(pattern, caseless: options.contains(.caseless))
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
        captureCount = translated.captureCount
        groupNumbers = translated.groupNumbers
    }

    /// Whether matches must start at the start of the subject.
    private let isAnchored: Bool

    func match(
        _ subject: UnsafeBufferPointer<UInt8>, limits: FoundationLimits, into captures: FoundationCaptures
    ) -> RegexOutcome {
        let string = String(decoding: subject, as: UTF8.self)
        var unpaid = LookupBudget(0)
        return run(
            string, stoppingAt: limits.ticks(forSubjectLength: string.utf16.count), budget: &unpaid,
            into: captures)
    }

    /// Matches, paid for from `budget`.
    ///
    /// ICU reports its work, so a run is charged what it reported: the progress reports its
    /// allowance covers (``FoundationLimits/allowanceTicks(forSubjectLength:)``) are free,
    /// every later one costs 10,000 units, taken as it arrives. When the budget left cannot
    /// pay for a report, the run stops there, before its own limit: ``RegexOutcome/budgetSpent``.
    /// The states saved after the last report (fewer than 10,000) are never reported, so
    /// they are not charged. Once the budget is exhausted (``LookupBudget/isExhausted``), no
    /// report is free.
    func match(
        _ subject: UnsafeBufferPointer<UInt8>, limits: FoundationLimits, into captures: FoundationCaptures,
        budget: inout LookupBudget
    ) -> RegexOutcome {
        let string = String(decoding: subject, as: UTF8.self)
        let length = string.utf16.count
        budget.runs += 1
        return run(
            string, stoppingAt: limits.ticks(forSubjectLength: length),
            free: budget.isExhausted ? 0 : FoundationLimits.allowanceTicks(forSubjectLength: length),
            budget: &budget, into: captures)
    }

    /// Matches `string`, stopping at progress report `allowed` (the match limit); the reports
    /// after the first `free` ones are paid from `budget`, when there is one.
    private func run(
        _ string: String, stoppingAt allowed: Int, free: Int = .max, budget: inout LookupBudget,
        into captures: FoundationCaptures
    ) -> RegexOutcome {
        let length = string.utf16.count
        var outcome = RegexOutcome.noMatch
        var ticks = 0
        var left = budget
        let groups = captureCount
        var options: NSRegularExpression.MatchingOptions = [.reportProgress]
        if isAnchored { options.insert(.anchored) }
        expression.enumerateMatches(in: string, options: options, range: NSRange(location: 0, length: length))
        {
            result, flags, stop in
            if let result {
                captures.store(result, in: string, groups: groups)
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
/// UTF-8 byte offsets.
struct FoundationCaptures: RegexCaptures {
    /// The per-thread storage.
    private let storage: Storage

    /// Start and end of each group, group 0 first; -1 for a group that took no part.
    final class Storage {
        var bounds: [Int] = []
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

    /// Records `result`, converting its UTF-16 ranges in `string` to UTF-8 byte offsets.
    func store(_ result: NSTextCheckingResult, in string: String, groups: Int) {
        storage.bounds.removeAll(keepingCapacity: true)
        let utf16 = string.utf16
        let isASCII = string.utf8.count == utf16.count
        func offset(_ position: Int) -> Int {
            if isASCII { return position }
            let index = utf16.index(utf16.startIndex, offsetBy: position)
            return string.utf8.distance(from: string.utf8.startIndex, to: index)
        }
        for group in 0...groups {
            let range =
                group < result.numberOfRanges
                ? result.range(at: group) : NSRange(location: NSNotFound, length: 0)
            if range.location == NSNotFound {
                storage.bounds.append(contentsOf: [-1, -1])
            } else {
                storage.bounds.append(contentsOf: [
                    offset(range.location), offset(range.location + range.length),
                ])
            }
        }
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
