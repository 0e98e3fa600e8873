import Testing

@testable import Waypoint

/// The word-at-a-time hash and comparison of trie edge keys agree with the byte-at-a-time
/// definitions they replace, whether or not they may read past a key's end.
@Suite("Segment keys")
struct SegmentKeyTests {
    /// Keys of every length from 0 to 24, which cover an empty key, keys shorter than a
    /// word, exactly one and two words, and the lengths between.
    static let keys: [[UInt8]] = (0...24).map { length in
        (0..<length).map { UInt8(ascii: "a") + UInt8($0 % 26) }
    }

    /// Runs `body` with `key` in a buffer that has `SegmentKey.padding` bytes of `filler`
    /// after it, as a ``SegmentView`` segment has other bytes after it.
    private func withPadded<Result>(
        _ key: [UInt8], filler: UInt8, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        let buffer = key + [UInt8](repeating: filler, count: SegmentKey.padding)
        return buffer.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[0..<key.count])) }
    }

    @Test("the hash does not depend on what follows the key", arguments: keys)
    func hashIgnoresWhatFollows(key: [UInt8]) {
        let unpadded = key.withUnsafeBufferPointer { SegmentKey.hash($0, foldCase: false, padded: false) }
        for filler: UInt8 in [0, UInt8(ascii: "/"), 0xFF] {
            #expect(
                withPadded(key, filler: filler) { SegmentKey.hash($0, foldCase: false, padded: true) }
                    == unpadded)
        }
    }

    @Test("folding case hashes a key as its lower-cased form", arguments: keys)
    func foldedHash(key: [UInt8]) {
        let upper = key.map { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") ? $0 - 32 : $0 }
        let lower = key.withUnsafeBufferPointer { SegmentKey.hash($0, foldCase: false, padded: false) }
        #expect(
            withPadded(upper, filler: 0x41) { SegmentKey.hash($0, foldCase: true, padded: true) } == lower)
        #expect(upper.withUnsafeBufferPointer { SegmentKey.hash($0, foldCase: true, padded: false) } == lower)
    }

    @Test("keys that differ in one byte compare unequal, at every position", arguments: keys)
    func comparison(key: [UInt8]) {
        let stored = key + [UInt8](repeating: 0, count: SegmentKey.padding)
        let head = key.withUnsafeBufferPointer { SegmentKey.head(of: $0) }
        let second = key.withUnsafeBufferPointer { SegmentKey.head(of: $0, at: 8) }
        stored.withUnsafeBytes { stored in
            #expect(
                withPadded(key, filler: 0x7A) {
                    SegmentKey.equal(
                        $0, head: head, second: second, stored: stored.baseAddress!, foldCase: false)
                })
            for position in key.indices {
                var other = key
                other[position] ^= 0x01
                #expect(
                    !withPadded(other, filler: 0) {
                        SegmentKey.equal(
                            $0, head: head, second: second, stored: stored.baseAddress!, foldCase: false)
                    })
                var upper = key
                upper[position] -= 32
                #expect(
                    !withPadded(upper, filler: 0) {
                        SegmentKey.equal(
                            $0, head: head, second: second, stored: stored.baseAddress!, foldCase: false)
                    })
                #expect(
                    withPadded(upper, filler: 0) {
                        SegmentKey.equal(
                            $0, head: head, second: second, stored: stored.baseAddress!, foldCase: true)
                    })
            }
        }
    }

    @Test(
        "a key of one to eight bytes hashes and reads as one word, as the general forms do",
        arguments: keys.filter { (1...8).contains($0.count) })
    func shortKey(key: [UInt8]) {
        // The edge lookup's short path (`TrieArena.child`) finds a stored key by this hash and
        // word; both must be the ones the store wrote (the general hash, the unpadded head).
        let hash = key.withUnsafeBufferPointer { SegmentKey.hash($0, foldCase: false, padded: false) }
        let head = key.withUnsafeBufferPointer { SegmentKey.head(of: $0) }
        let upper = key.map { $0 - 32 }
        for filler: UInt8 in [0, UInt8(ascii: "/"), 0xFF] {
            for (bytes, foldCase) in [(key, false), (upper, true)] {
                let word = withPadded(bytes, filler: filler) {
                    SegmentKey.shortWord(
                        UnsafeRawPointer($0.baseAddress!), count: $0.count, foldCase: foldCase)
                }
                #expect(word == head, "filler \(filler), folded \(foldCase)")
                #expect(SegmentKey.hash(shortWord: word, count: key.count) == hash)
            }
        }
        // A capital is a different key unless the lookup folds case.
        let unfolded = withPadded(upper, filler: 0) {
            SegmentKey.shortWord(UnsafeRawPointer($0.baseAddress!), count: $0.count, foldCase: false)
        }
        #expect(unfolded != head)
    }

    @Test("a key's head words are its bytes 0..<8 and 8..<16, zero past its end", arguments: keys)
    func head(key: [UInt8]) {
        for offset in [0, 8] {
            let head = key.withUnsafeBufferPointer { SegmentKey.head(of: $0, at: offset) }
            let expected = key.dropFirst(offset).prefix(8).enumerated().reduce(UInt64(0)) {
                $0 | UInt64($1.element) << (8 * $1.offset)
            }
            #expect(head == expected, "at \(offset)")
        }
    }

    @Test("lowering a word lowers exactly the ASCII capitals, in every byte")
    func lowering() {
        for byte in 0...255 {
            let value = UInt8(byte)
            let expected = value >= UInt8(ascii: "A") && value <= UInt8(ascii: "Z") ? value + 32 : value
            for lane in 0..<8 {
                // The byte in one lane, a capital and a non-ASCII byte in its neighbours.
                var bytes = [UInt8](repeating: UInt8(ascii: "Q"), count: 8)
                bytes[lane] = value
                if lane > 0 { bytes[lane - 1] = 0xC3 }
                let word = bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
                let lowered = withUnsafeBytes(of: SegmentKey.lowercased(word).littleEndian) { Array($0) }
                #expect(lowered[lane] == expected, "byte \(byte) in lane \(lane)")
                if lane > 0 { #expect(lowered[lane - 1] == 0xC3) }
                for other in 0..<8 where other != lane && other != lane - 1 {
                    #expect(lowered[other] == UInt8(ascii: "q"))
                }
            }
        }
    }
}
