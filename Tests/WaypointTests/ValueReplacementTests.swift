import Testing

@testable import Waypoint

/// Registering a registered route again, one at a time, replaces its value (a handler, a
/// builder and printer) in place of copying every route's value, which made n such
/// registrations O(n²) (``ReplaceableLog``). Work is counted in elements copied, never by
/// time; snapshots still held keep the values they were published with.
@Suite("Replacing values one at a time", .serialized)
struct ValueReplacementTests {
    /// A book of `count` routes `/r/<i>`, each with the value 0, registered one at a time.
    static func book(_ count: Int) throws -> RouteBook<Int> {
        let book = RouteBook<Int>(options: RouterOptions(), delivery: DeliveryGate())
        for index in 0..<count { try book.register(CollectionOfOne(("/r/\(index)", 0))) }
        return book
    }

    /// The value `snapshot` holds for `/r/<index>`, found through its table.
    static func value(_ snapshot: RouteBook<Int>.Snapshot, _ index: Int) -> Int? {
        guard case .examined(let winner?, _) = snapshot.table.winner("s://h/r/\(index)") else { return nil }
        return snapshot.value(atPriority: winner.priority)
    }

    @Test("replacing each of n values one at a time copies O(n) elements", arguments: [1_000, 3_000])
    func copiesPerReplacement(_ count: Int) throws {
        let book = try Self.book(count)
        for round in 1...3 {
            for index in 0..<count { try book.register(CollectionOfOne(("/r/\(index)", round))) }
        }
        // A copy of the log per replacement copied 3 n² elements (three million at 1,000);
        // with its spares, the log is copied once, at the first replacement.
        #expect(book.valuesCopied <= 2 * count, "\(book.valuesCopied)")
        let snapshot = book.snapshot
        for index in [0, count / 2, count - 1] { #expect(Self.value(snapshot, index) == 3) }
        #expect(snapshot.table.routes.count == count)
    }

    @Test(
        "a snapshot held while values are replaced, added and removed keeps its own",
        arguments: [UInt64(3), 4])
    func heldSnapshots(_ seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let book = RouteBook<Int>(options: RouterOptions(), delivery: DeliveryGate())
        var model: [Int: Int] = [:]
        var held: [(values: [Int: Int], snapshot: RouteBook<Int>.Snapshot)] = []
        for step in 1...3_000 {
            let index = Int(random.next() % 200)
            if model[index] != nil && random.next() % 5 == 0 {
                #expect(book.remove("/r/\(index)"))
                model[index] = nil
            } else {
                try book.register(CollectionOfOne(("/r/\(index)", step)))
                model[index] = step
            }
            if random.next() % 25 == 0 { held.append((model, book.snapshot)) }
            if !held.isEmpty && random.next() % 20 == 0 {
                let (values, snapshot) = held.remove(at: Int(random.next() % UInt64(held.count)))
                for index in 0..<200 { #expect(Self.value(snapshot, index) == values[index], "step \(step)") }
            }
        }
        held.append((model, book.snapshot))
        for (values, snapshot) in held {
            for index in 0..<200 { #expect(Self.value(snapshot, index) == values[index]) }
        }
    }

    @Test("10,000 values replaced one at a time, three times over, while a snapshot is held now and then")
    func tenTimes() throws {
        let count = 10_000
        let book = try Self.book(count)
        for index in 0..<count { try book.register(CollectionOfOne(("/r/\(index)", index))) }
        var held: RouteBook<Int>.Snapshot?
        for round in 1...3 {
            for index in 0..<count {
                try book.register(CollectionOfOne(("/r/\(index)", round * count + index)))
                // A snapshot held until a newer one is published keeps the spare it
                // reads from being written.
                if index % 2_500 == 0 { held = book.snapshot }
                if index % 2_500 == 2, let snapshot = held {
                    #expect(Self.value(snapshot, index) == (round - 1) * count + index)
                    held = nil
                }
            }
        }
        // The first replacement copies the log, and so does the first made while a held
        // snapshot reads the only spare; from then on a spare no live snapshot reads is
        // at hand, and the other 39,998 replacements copy nothing.
        #expect(book.valuesCopied == 2 * count, "\(book.valuesCopied)")
        let snapshot = book.snapshot
        for index in stride(from: 0, to: count, by: 101) {
            #expect(Self.value(snapshot, index) == 3 * count + index)
        }
    }
}
