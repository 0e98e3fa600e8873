/// Finding the first of a few ASCII bytes in a buffer, eight bytes at a time.
///
/// Each 64-bit word is XORed with the byte to find, repeated in every lane, which turns
/// the matching lanes into zero bytes, and the classic `(x - 0x01…) & ~x & 0x80…` test
/// flags them; the lowest flagged lane is the first match (lanes above a true zero may
/// be flagged falsely, never lanes below it). Nothing outside the buffer is read: the last
/// bytes of a range, fewer than eight, are read as the buffer's word that ends where the
/// range ends, shifted so that the bytes before the range leave it (zero bytes come in
/// past the range's end, and a match there is read as none); a buffer shorter than a word
/// is read byte by byte.
enum ByteScan {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The offset of the first byte of `bytes[range]` equal to `a`, or `range.upperBound`
    /// when there is none.
    @inline(__always)
    static func firstIndex(of a: UInt8, in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        firstIndex(in: bytes, range, matching: { zeroLanes($0, a) }) { $0 == a }
    }

    /// The offset of the first byte of `bytes[range]` equal to `a` or `b`, or
    /// `range.upperBound` when there is none.
    @inline(__always)
    static func firstIndex(
        of a: UInt8, _ b: UInt8, in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>
    ) -> Int {
        firstIndex(in: bytes, range, matching: { zeroLanes($0, a) | zeroLanes($0, b) }) { $0 == a || $0 == b }
    }

    /// The offset of the first byte of `bytes[range]` equal to `a`, `b` or `c`, or
    /// `range.upperBound` when there is none.
    @inline(__always)
    static func firstIndex(
        of a: UInt8, _ b: UInt8, _ c: UInt8, in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>
    ) -> Int {
        firstIndex(in: bytes, range, matching: { zeroLanes($0, a) | zeroLanes($0, b) | zeroLanes($0, c) }) {
            $0 == a || $0 == b || $0 == c
        }
    }

    /// The offset of the first byte of `bytes[range]` equal to `a`, `b`, `c` or `d`, or
    /// `range.upperBound` when there is none.
    @inline(__always)
    static func firstIndex(
        of a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8, in bytes: UnsafeBufferPointer<UInt8>,
        _ range: Range<Int>
    ) -> Int {
        firstIndex(
            in: bytes, range,
            matching: { zeroLanes($0, a) | zeroLanes($0, b) | zeroLanes($0, c) | zeroLanes($0, d) }
        ) { $0 == a || $0 == b || $0 == c || $0 == d }
    }

    /// The offset of the first byte of `bytes[range]` equal to `a`, `b`, `c`, `d` or `e`,
    /// or `range.upperBound` when there is none.
    @inline(__always)
    static func firstIndex(
        of a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8, _ e: UInt8, in bytes: UnsafeBufferPointer<UInt8>,
        _ range: Range<Int>
    ) -> Int {
        firstIndex(
            in: bytes, range,
            matching: {
                zeroLanes($0, a) | zeroLanes($0, b) | zeroLanes($0, c) | zeroLanes($0, d) | zeroLanes($0, e)
            }
        ) { $0 == a || $0 == b || $0 == c || $0 == d || $0 == e }
    }

    @inline(__always)
    private static func firstIndex(
        in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, matching lanes: (UInt64) -> UInt64,
        _ matches: (UInt8) -> Bool
    ) -> Int {
        precondition(range.lowerBound >= 0 && range.upperBound <= bytes.count, "range outside the buffer")
        guard let base = bytes.baseAddress else { return range.upperBound }
        let count = range.upperBound
        var offset = range.lowerBound
        // Offsets stay within `count`, so they cannot overflow.
        while offset &+ 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
            let found = lanes(word)
            if found != 0 { return offset &+ found.trailingZeroBitCount / 8 }
            offset &+= 8
        }
        guard offset < count else { return count }
        if count >= 8 {
            // The word that ends at `count`, less its lanes before `offset` (1 to 7 of them).
            let skipped = UInt64(truncatingIfNeeded: offset &- (count &- 8))
            let word = UInt64(
                littleEndian: UnsafeRawPointer(base + (count &- 8)).loadUnaligned(as: UInt64.self))
            let found = lanes(word &>> (skipped &* 8))
            return min(offset &+ found.trailingZeroBitCount / 8, count)
        }
        while offset < count, !matches(base[offset]) { offset &+= 1 }
        return offset
    }

    /// The high bit of every lane of `word` that equals `byte` (and possibly of lanes
    /// above the first such lane).
    @inline(__always)
    private static func zeroLanes(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let difference = word ^ (ones &* UInt64(byte))
        return (difference &- ones) & ~difference & highs
    }
}
