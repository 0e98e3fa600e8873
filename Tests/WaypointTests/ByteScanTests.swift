import Testing

@testable import Waypoint

/// `ByteScan` against a plain loop: every range of buffers up to 24 bytes, so that a match
/// is tried in every lane of the whole words, of the tail word that ends the range, and
/// before the range (where that tail word starts), with bytes that set high bits.
@Suite("ByteScan")
struct ByteScanTests {
    /// Buffers over a few bytes: the needles; each needle with its low bit flipped, which
    /// a borrow from a matching lane below would turn into a false match; 0x80, 0x81 and
    /// 0xFF (high bits); 0x00 and 0x01.
    static func buffers(length: Int) -> [[UInt8]] {
        let alphabet: [UInt8] = [
            0x2F, 0x3F, 0x23, 0x40, 0x3A, 0x2E, 0x3E, 0x22, 0x41, 0x3B, 0x80, 0x81, 0xFF, 0x00, 0x01, 0x61,
        ]
        // A deterministic spread of buffers: every lane sees every byte across the set.
        return (0..<alphabet.count * 3).map { seed in
            (0..<length).map { alphabet[($0 * 7 + seed * 5 + $0 * $0 * seed) % alphabet.count] }
        }
    }

    @Test("finds the first needle in every range", arguments: 0...24)
    func ranges(length: Int) {
        let needles: [UInt8] = [0x2F, 0x3F, 0x23, 0x40, 0x3A]
        for buffer in Self.buffers(length: length) {
            buffer.withUnsafeBufferPointer { bytes in
                for lower in 0...length {
                    for upper in lower...length {
                        let range = lower..<upper
                        func naive(_ set: [UInt8]) -> Int {
                            buffer[range].firstIndex(where: set.contains) ?? upper
                        }
                        let (a, b, c, d, e) = (needles[0], needles[1], needles[2], needles[3], needles[4])
                        #expect(ByteScan.firstIndex(of: a, in: bytes, range) == naive([a]))
                        #expect(ByteScan.firstIndex(of: a, b, in: bytes, range) == naive([a, b]))
                        #expect(ByteScan.firstIndex(of: a, b, c, in: bytes, range) == naive([a, b, c]))
                        #expect(ByteScan.firstIndex(of: a, b, c, d, in: bytes, range) == naive([a, b, c, d]))
                        #expect(
                            ByteScan.firstIndex(of: a, b, c, d, e, in: bytes, range)
                                == naive([a, b, c, d, e]))
                        #expect(ByteScan.firstIndex(of: 0x80, in: bytes, range) == naive([0x80]))
                        #expect(ByteScan.firstIndex(of: 0x00, in: bytes, range) == naive([0x00]))
                    }
                }
            }
        }
    }
}
