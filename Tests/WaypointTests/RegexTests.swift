import Testing

@testable import Waypoint

/// The regex seam as the matcher uses it, on whichever engine this build selected.
@Suite("Regex engine seam")
struct RegexTests {
    private func run(_ pattern: String, on subject: String, options: RegexOptions = []) throws -> [String?]? {
        let regex = try Regex(pattern: Array(pattern.utf8), options: options)
        let limits = RegexLimits(matchLimit: 100_000, depthLimit: 10_000, maxSubjectLength: 8192)
        let bytes = Array(subject.utf8)
        let data = MatchData.forCurrentThread(groups: regex.captureCount)
        let outcome = bytes.withUnsafeBufferPointer { regex.match($0, limits: limits, into: data) }
        guard outcome == .matched else { return nil }
        return (0...regex.captureCount).map { group in
            data.range(ofGroup: group).map { String(decoding: bytes[$0], as: UTF8.self) }
        }
    }

    @Test("named groups are numbered in order with the unnamed ones")
    func nameTable() throws {
        let regex = try Regex(pattern: Array("(?<alpha>a)(b)(?<gamma>c)".utf8))
        #expect(regex.captureCount == 3)
        #expect(regex.groupNumbers == ["alpha": 1, "gamma": 3])
    }

    @Test("offsets are UTF-8 byte offsets")
    func utf8Offsets() throws {
        let groups = try run("caf(é)/(.*)", on: "café/ü")
        #expect(groups == ["café/ü", "é", "ü"])
    }

    @Test("a group that does not take part is unset")
    func unsetGroup() throws {
        #expect(try run("(a)|(b)", on: "b") == ["b", nil, "b"])
    }

    @Test("compile errors carry PCRE2's message and offset on both engines")
    func compileError() {
        #expect {
            _ = try Regex(pattern: Array("ab(c".utf8))
        } throws: { error in
            guard let error = error as? RegexCompileError else { return false }
            return error.offset == 4 && error.message == "missing closing parenthesis"
        }
    }

    @Test("the match limit turns catastrophic backtracking into a reported non-match")
    func matchLimit() throws {
        let regex = try Regex(pattern: Array("(?:(a+)+b)\\z".utf8), options: .anchored)
        let limits = RegexLimits(matchLimit: 10_000, depthLimit: 10_000, maxSubjectLength: 8192)
        let subject = Array((String(repeating: "a", count: 4096) + "bc").utf8)
        let data = MatchData.forCurrentThread(groups: regex.captureCount)
        let outcome = subject.withUnsafeBufferPointer { regex.match($0, limits: limits, into: data) }
        #expect(outcome == .limitExceeded(.match))
    }

    @Test("the engine follows the package trait")
    func selectedEngine() {
        #if FoundationRegex
            #expect(RegexEngineKind.selected == .foundation)
        #else
            #expect(RegexEngineKind.selected == .pcre2)
        #endif
    }
}
