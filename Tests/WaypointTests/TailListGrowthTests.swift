import Testing

@testable import Waypoint

/// N regex tails under one prefix. The trie node's list of tails grows in
/// place, in room reserved after it, rather than being copied for every route added, so the
/// store holds O(N) route orders, not O(N²), whether the routes come in bulk or one by one.
/// Work is counted in stored elements, never by time.
@Suite("Tail lists grow in place")
struct TailListGrowthTests {
    /// A builder with `count` routes `/p/:id([0-9]+)/v<i>`, published after each one when
    /// `oneByOne` (as `Router.register(_:handler:)` does).
    static func builder(count: Int, oneByOne: Bool) throws -> RouteTable.Builder {
        let options = RouterOptions()
        var builder = RouteTable.Builder(options: options, limits: RegexLimits(options: options))
        for index in 0..<count {
            _ = builder.add(try CompiledRoute("/p/:id([0-9]+)/v\(index)", options: options))
            if oneByOne { _ = builder.publish() }
        }
        return builder
    }

    @Test("2,000 tails under one prefix store O(N) orders", arguments: [false, true])
    func linear(_ oneByOne: Bool) throws {
        let builder = try Self.builder(count: 2_000, oneByOne: oneByOne)
        // Every copy of the list doubles its room: at most 2N + 4 log N slots, where a copy
        // per route stored N² / 2 (two million).
        #expect(builder.store.orders.count <= 4 * 2_000, "\(builder.store.orders.count)")
        // One by one, each publication also copies the two nodes on the path and their edge
        // tables (about nine elements): O(N) either way, where a list copy per route was
        // O(N²).
        #expect(builder.store.garbage <= (oneByOne ? 10 : 4) * 2_000, "\(builder.store.garbage)")
        // And the table still finds every route, the last included.
        let table = RouteTable(builder)
        for index in [0, 1_000, 1_999] {
            guard case .examined(let winner, _) = table.winner("s://h/p/7/v\(index)") else {
                Issue.record("refused")
                continue
            }
            #expect(winner?.route == "/p/:id([0-9]+)/v\(index)")
        }
    }

    @Test("a published table keeps its own tails while more are added in the room after them")
    func publishedTablesUnchanged() throws {
        let options = RouterOptions()
        var builder = RouteTable.Builder(options: options, limits: RegexLimits(options: options))
        _ = builder.add(try CompiledRoute("/p/:a([0-9]+)x", options: options))
        _ = builder.add(try CompiledRoute("/p/:a([0-9]+)y", options: options))
        let early = builder.publish()
        _ = builder.add(try CompiledRoute("/p/:a([0-9]+)z", options: options))
        let late = builder.publish()
        guard case .examined(let before, _) = early.all("s://h/p/1z"),
            case .examined(let after, _) = late.all("s://h/p/1z")
        else {
            Issue.record("refused")
            return
        }
        #expect(before.isEmpty)
        #expect(after.map(\.route) == ["/p/:a([0-9]+)z"])
    }
}
