/// An open-addressing hash table from (parent node, key bytes) to a child node, with all
/// keys in one byte arena. Lookups compare without copying and can fold ASCII case, so a
/// literal edge costs one hash of the URL segment whatever the node's fan-out.
///
/// Slots are 16 bytes, four to a cache line, and hold the full 32-bit hash, so a probe
/// reads the arena only for the key that matches: a lookup touches one line of slots and
/// one line of the arena. The table is at most two thirds full.
struct EdgeTable: Sendable {
    /// One slot; `parent == -1` marks an empty slot.
    struct Slot: Sendable {
        var parent: Int32 = -1
        var child: Int32 = -1
        /// The hash of the key, which mixes in the parent.
        var hash: UInt32 = 0
        /// Where the key is in the arena: its length (4 bytes, native byte order), then its
        /// bytes.
        var key: UInt32 = 0
    }

    private(set) var slots: [Slot]
    private(set) var arena: [UInt8] = []
    private(set) var count = 0
    private let mask: Int

    /// A table with room for `capacity` keys at a load factor of at most two thirds.
    init(capacity: Int) {
        var size = 8
        while size * 2 < capacity * 3 { size <<= 1 }
        slots = Array(repeating: Slot(), count: size)
        mask = size - 1
    }

    /// Adds `key` under `parent`. Keys that fold case must be given lower-cased.
    mutating func insert(parent: Int32, key: [UInt8], child: Int32) {
        precondition(count * 3 < slots.count * 2, "EdgeTable is full")
        let hash = key.withUnsafeBufferPointer { Self.hash($0, parent: parent, foldCase: false) }
        var index = Int(hash) & mask
        while slots[index].parent != -1 { index = (index + 1) & mask }
        slots[index] = Slot(parent: parent, child: child, hash: hash, key: UInt32(arena.count))
        withUnsafeBytes(of: UInt32(key.count)) { arena.append(contentsOf: $0) }
        arena.append(contentsOf: key)
        count += 1
    }

    /// The child of `parent` under `key`, or -1. With `foldCase`, ASCII letters of `key`
    /// are lowered before comparing with the stored (lower-cased) keys.
    @inline(__always)
    func child(of parent: Int32, key: UnsafeBufferPointer<UInt8>, foldCase: Bool) -> Int32 {
        let hash = Self.hash(key, parent: parent, foldCase: foldCase)
        return slots.withUnsafeBufferPointer { slots in
            arena.withUnsafeBytes { arena in
                var index = Int(hash) & mask
                while true {
                    let slot = slots[index]
                    if slot.parent == -1 { return -1 }
                    if slot.hash == hash && slot.parent == parent
                        && Self.keyEqual(key, arena.baseAddress! + Int(slot.key), foldCase: foldCase)
                    {
                        return slot.child
                    }
                    index = (index + 1) & mask
                }
            }
        }
    }

    /// Whether `key` equals the length-prefixed key stored at `stored`.
    @inline(__always)
    private static func keyEqual(
        _ key: UnsafeBufferPointer<UInt8>, _ stored: UnsafeRawPointer, foldCase: Bool
    ) -> Bool {
        guard stored.loadUnaligned(as: UInt32.self) == UInt32(key.count) else { return false }
        return bytesEqual(key, stored + 4, foldCase: foldCase)
    }

    /// Whether `key` equals the `key.count` bytes at `bytes` (lower-cased when `foldCase`).
    @inline(__always)
    static func bytesEqual(
        _ key: UnsafeBufferPointer<UInt8>, _ bytes: UnsafeRawPointer, foldCase: Bool
    ) -> Bool {
        if foldCase {
            for index in 0..<key.count
            where key[index].asciiLowercased != bytes.load(fromByteOffset: index, as: UInt8.self) {
                return false
            }
            return true
        }
        guard let base = key.baseAddress else { return true }
        // Eight bytes at a time, then the rest: segments are short, a call to memcmp costs
        // more than the comparison.
        var offset = 0
        while offset + 8 <= key.count {
            if UnsafeRawPointer(base).loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                != bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            {
                return false
            }
            offset += 8
        }
        while offset < key.count {
            if base[offset] != bytes.load(fromByteOffset: offset, as: UInt8.self) { return false }
            offset += 1
        }
        return true
    }

    /// FNV-1a over the (optionally case-folded) key, mixed with the parent.
    @inline(__always)
    static func hash(_ key: UnsafeBufferPointer<UInt8>, parent: Int32, foldCase: Bool) -> UInt32 {
        var hash: UInt32 = 0x811C_9DC5 ^ (UInt32(bitPattern: parent) &* 0x9E37_79B1)
        if foldCase {
            for byte in key { hash = (hash ^ UInt32(byte.asciiLowercased)) &* 0x0100_0193 }
        } else {
            for byte in key { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
        }
        hash ^= hash >> 15
        hash &*= 0x2C1B_3C6D
        hash ^= hash >> 12
        return hash
    }
}
