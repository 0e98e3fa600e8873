/// The schemes that have routes of their own, lower-cased, by index: the scheme tries of a
/// ``RouteTable`` are `2 + 2 * index` (paths) and `3 + 2 * index` (hosts).
///
/// An app names one or two schemes, so a lookup scans them, comparing without a copy and
/// ignoring ASCII case; the builder keeps a dictionary beside it for registration. A URL
/// whose scheme has no routes of its own (the usual table) does not look here at all.
struct SchemeList: Sendable {
    private(set) var keys: [[UInt8]] = []

    /// Appends `key`, which must be lower-cased; its index is the count before.
    mutating func append(_ key: [UInt8]) {
        keys.append(key)
    }

    /// The index of `scheme`, compared ignoring ASCII case, or -1 when it has no routes.
    ///
    /// - Complexity: O(schemes × the scheme's length).
    func index(of scheme: UnsafeBufferPointer<UInt8>) -> Int32 {
        for (index, key) in keys.enumerated() where key.count == scheme.count {
            var same = true
            for offset in 0..<key.count where Self.lowered(scheme[offset]) != key[offset] {
                same = false
                break
            }
            if same { return Int32(index) }
        }
        return -1
    }

    /// `byte` with an ASCII capital letter lowered.
    @inline(__always)
    private static func lowered(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }
}
