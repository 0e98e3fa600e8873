/// What the matcher needs from a regex engine (Documentation/spec/routing.md §4, "Regex engine").
///
/// The pattern compiler, the matcher, `explain` and the fuzz checks use only this seam, through
/// the ``Regex`` type that `SelectedRegexEngine.swift` chooses at compile time. Two engines
/// implement it: PCRE2 (``PCRE2Regex``, where the `CPCRE2` module is built) and Foundation's
/// `NSRegularExpression` (``FoundationEngineRegex``, everywhere else, or with the
/// `FoundationRegex` package trait). Both read the same route regex language, PCRE2's
/// syntax; what the Foundation engine cannot run the same way is rejected when it compiles
/// (Documentation/regex-engines.md).
///
/// Patterns are UTF-8 text; subjects are UTF-8 byte buffers that were checked to be valid;
/// every offset, in a subject or a pattern, is a UTF-8 byte offset.
protocol CompiledRegex: Sendable {
    /// The limits a match runs under, built once per router and shared by every thread.
    associatedtype Limits: RegexMatchLimits
    /// The capture ranges of the calling thread's last successful match.
    associatedtype Captures: RegexCaptures

    /// Which engine this is.
    static var engine: RegexEngineKind { get }

    /// Compiles `pattern` (UTF-8 text in PCRE2 syntax) with `options`.
    ///
    /// - Throws: ``RegexCompileError`` with a message and the byte offset in `pattern`.
    init(pattern: [UInt8], options: RegexOptions) throws(RegexCompileError)

    /// The number of capturing groups in the pattern.
    var captureCount: Int { get }
    /// Group numbers by name.
    var groupNumbers: [String: Int] { get }

    /// Matches the pattern against `subject` under `limits`. On success the groups are in
    /// `captures` until the calling thread's next match.
    func match(_ subject: UnsafeBufferPointer<UInt8>, limits: Limits, into captures: Captures) -> RegexOutcome

    /// ``match(_:limits:into:)`` paid for from a lookup's `budget`
    /// (``RouterOptions/regexBudget``): a run that finishes within its allowance
    /// (``LookupBudget``) is free; the work past it is charged
    /// (at most what the run may have used, never more than the budget left), and the run
    /// is ``RegexOutcome/budgetSpent`` without finishing when the budget left cannot pay.
    func match(
        _ subject: UnsafeBufferPointer<UInt8>, limits: Limits, into captures: Captures,
        budget: inout LookupBudget
    ) -> RegexOutcome
}

/// The per-match limits of an engine (``RouterOptions/matchLimit``,
/// ``RouterOptions/depthLimit``).
protocol RegexMatchLimits: Sendable {
    /// Limits for `matchLimit` backtracking steps and `depthLimit` nested backtracking points,
    /// on subjects of up to `maxSubjectLength` bytes (which size the engine's stack).
    init(matchLimit: UInt32, depthLimit: UInt32, maxSubjectLength: Int)
}

extension RegexMatchLimits {
    /// The limits `options` set: its match and depth limits, for subjects up to its URL bound.
    init(options: RouterOptions) {
        self.init(
            matchLimit: options.matchLimit, depthLimit: options.depthLimit,
            maxSubjectLength: options.urlLengthBound)
    }
}

/// Where a thread finds the groups of its last match. Never shared between threads.
protocol RegexCaptures {
    /// The calling thread's captures, with room for at least `groups` groups.
    static func forCurrentThread(groups: Int) -> Self
    /// The UTF-8 byte range of group `group` in the last successful match, or nil when the
    /// group did not take part in it.
    func range(ofGroup group: Int) -> Range<Int>?
    /// A value that changes whenever the thread's captures may change (every run, or every
    /// match recorded, as the engine writes them), so that captures read while it has the
    /// value it had right after a match are that match's: a search remembers it with a hit,
    /// so the winner's groups are read without running its regex again. Never 0, which a
    /// hit uses for "run it again".
    var generation: UInt32 { get }
}

/// The regex engines Waypoint can be built with.
package enum RegexEngineKind: String, Sendable, Hashable {
    /// PCRE2 through the `CPCRE2` system library (Linux, and wherever it is built).
    case pcre2 = "PCRE2"
    /// Foundation's `NSRegularExpression` (ICU), on Apple device platforms, on macOS, and
    /// with the `FoundationRegex` package trait.
    case foundation = "NSRegularExpression"
}

/// Compile options of a route regex, independent of the engine.
struct RegexOptions: OptionSet, Sendable, Hashable {
    let rawValue: UInt8

    /// The match starts at the start of the subject.
    static let anchored = RegexOptions(rawValue: 1 << 0)
    /// The match ends at the end of the subject.
    static let endAnchored = RegexOptions(rawValue: 1 << 1)
    /// `.` matches every character, a line feed included.
    static let dotAll = RegexOptions(rawValue: 1 << 2)
    /// Letters match regardless of case.
    static let caseless = RegexOptions(rawValue: 1 << 3)
}

/// What a single regex match did.
package enum RegexOutcome: Equatable, Sendable {
    /// The pattern matched; the groups are in the thread's captures.
    case matched
    /// The pattern did not match.
    case noMatch
    /// The engine gave up because a limit was reached; counts as a non-match.
    case limitExceeded(RegexLimitKind)
    /// Any other engine error (never expected; reported rather than trapped).
    case failed(code: Int32)
    /// The lookup's regex budget could not pay for the match, so it was not run, or not to
    /// its end; counts as a non-match.
    case budgetSpent
}

/// The regex work one lookup has left (``RouterOptions/regexBudget``), in the units of the
/// match limit, and what its regex runs did.
///
/// Every run has an *allowance*, the work an ordinary route regex needs on a subject of its
/// length: ``allowanceBase`` plus a few units per subject byte, as each engine counts them
/// (``PCRE2Limits/allowance(forSubjectLength:isJIT:)``,
/// ``FoundationLimits/allowanceTicks(forSubjectLength:)``). A run that finishes within it costs the budget
/// nothing, so a table of ordinary tails never loses a route to the budget, at any size
/// (Documentation/spec/routing.md §4). Only the work past a run's allowance is paid from the budget
/// (``CompiledRegex/match(_:limits:into:budget:)``); once the budget is spent, a run may still
/// do its allowance's work and is ``RegexOutcome/budgetSpent`` when it needs more. Once a run
/// has found the budget unable to pay (``isExhausted``), every later run of the lookup has
/// the base allowance only, whatever its subject's length: after that point only a table
/// holding catastrophic patterns is searched further, and a run the length of its subject
/// for each of thousands of distinct ones cost five times an ordinary lookup of as many
/// routes (decisions.md, "The regex budget never costs a legitimate route"). A tail whose pattern repeats a group that repeats
/// (``RouteRegex/repeatsRepeatingGroup``) is then not run at all: its base allowance was
/// still 3× an ordinary lookup on PCRE2 for 10,000 distinct ones, and on ICU, which cannot
/// stop a run before its first progress report, 10,000 states each. One lookup
/// therefore does at most `regexBudget` units plus one allowance per run, and it makes at most
/// two runs per distinct tail pattern at each trie node it reaches (the ignored trailing
/// slash), as many as an ordinary lookup of the same table.
struct LookupBudget: Sendable, Equatable {
    /// The part of every run's allowance that does not depend on the subject, in units.
    static let allowanceBase = 16

    /// The budget the lookup started with.
    let total: UInt32
    /// The units not spent yet.
    private(set) var remaining: UInt32
    /// Whether a run found the budget unable to pay for it (``take(_:)`` failed); later
    /// runs then have the base allowance only. A lookup of a table whose regexes finish
    /// within their allowances never gets here.
    private(set) var isExhausted = false
    /// The regex runs made so far (a run stopped at its allowance and run again counts two),
    /// for ``RouteTable/budgetTrace(_:)`` and the tests that count work rather than time.
    var runs = 0
    /// The runs that found no match after work the engine never reported
    /// (``recordUnreportedRun(upTo:)``).
    private(set) var unreportedRuns = 0

    /// A full budget of `total` units.
    init(_ total: UInt32) {
        self.total = total
        remaining = total
    }

    /// The units spent so far.
    var spent: UInt32 { total - remaining }

    /// Takes `units` from the budget when it has that many left; otherwise takes nothing
    /// and marks the budget exhausted.
    ///
    /// - Returns: whether the units were taken.
    /// Records a run that found no match after doing up to `units` of work the engine never
    /// reported, so that the budget could not charge it: ICU's runs below their first
    /// progress report, for a pattern that repeats a repeating group. A lookup may make
    /// `max(100, total / units)` of them, as many as the budget could pay for and at least
    /// the hundred a small budget (0 included) leaves to an ordinary lookup; the next one
    /// marks the budget exhausted, so thousands of distinct such patterns on a short
    /// hostile subject stop there (decisions.md, "The regex budget never costs a legitimate route").
    mutating func recordUnreportedRun(upTo units: UInt32) {
        unreportedRuns += 1
        if unreportedRuns > max(100, Int(total / max(units, 1))) { isExhausted = true }
    }

    @inline(__always)
    mutating func take(_ units: UInt32) -> Bool {
        guard units <= remaining else {
            isExhausted = true
            return false
        }
        remaining -= units
        return true
    }
}

/// Which limit stopped a regex match (the same on every engine).
public enum RegexLimitKind: String, Sendable, Hashable, Codable {
    /// The match limit (backtracking steps).
    case match
    /// The depth limit (nested backtracking points, or the memory used for them).
    case depth
    /// The machine stack of compiled (JIT) code ran out.
    case stack
}

/// A pattern the engine rejected: a message and the byte offset in the pattern.
struct RegexCompileError: Error, Sendable, Equatable {
    /// What is wrong, e.g. `missing closing parenthesis`.
    let message: String
    /// Byte offset in the pattern at which the engine stopped.
    let offset: Int
}
