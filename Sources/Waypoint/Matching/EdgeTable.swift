/// An open-addressing hash table from (parent node, key bytes) to a child node, with all
/// keys in one byte arena. Lookups compare without copying and can fold ASCII case, so a
/// literal edge costs one hash of the URL segment whatever the node's fan-out.
struct EdgeTable: Sendable {
    /// One slot; `parent == -1` marks an empty slot.
    struct Slot: Sendable {
        var parent: Int32 = -1
        var child: Int32 = -1
        var keyStart: Int32 = 0
        var keyLength: Int32 = 0
        var hash: UInt32 = 0
    }

    private(set) var slots: [Slot]
    private(set) var arena: [UInt8] = []
    private(set) var count = 0
    private var mask: Int

    /// A table with room for `capacity` keys at a load factor of at most one half.
    init(capacity: Int) {
        var size = 8
        while size < capacity * 2 { size <<= 1 }
        slots = Array(repeating: Slot(), count: size)
        mask = size - 1
    }

    /// Adds `key` under `parent`. Keys that fold case must be given lower-cased.
    mutating func insert(parent: Int32, key: [UInt8], child: Int32) {
        let hash = key.withUnsafeBufferPointer { Self.hash($0, parent: parent, foldCase: false) }
        var index = Int(hash) & mask
        while slots[index].parent != -1 { index = (index + 1) & mask }
        slots[index] = Slot(
            parent: parent, child: child, keyStart: Int32(arena.count), keyLength: Int32(key.count),
            hash: hash)
        arena.append(contentsOf: key)
        count += 1
    }

    /// The child of `parent` under `key`, or -1. With `foldCase`, ASCII letters of `key`
    /// are lowered before comparing with the stored (lower-cased) keys.
    @inline(__always)
    func child(of parent: Int32, key: UnsafeBufferPointer<UInt8>, foldCase: Bool) -> Int32 {
        let hash = Self.hash(key, parent: parent, foldCase: foldCase)
        return slots.withUnsafeBufferPointer { slots in
            arena.withUnsafeBufferPointer { arena in
                var index = Int(hash) & mask
                while true {
                    let slot = slots[index]
                    if slot.parent == -1 { return -1 }
                    if slot.hash == hash && slot.parent == parent && Int(slot.keyLength) == key.count
                        && Self.equal(key, arena, from: Int(slot.keyStart), foldCase: foldCase)
                    {
                        return slot.child
                    }
                    index = (index + 1) & mask
                }
            }
        }
    }

    @inline(__always)
    private static func equal(
        _ key: UnsafeBufferPointer<UInt8>, _ arena: UnsafeBufferPointer<UInt8>, from start: Int,
        foldCase: Bool
    ) -> Bool {
        if foldCase {
            for index in 0..<key.count where key[index].asciiLowercased != arena[start + index] {
                return false
            }
            return true
        }
        guard let base = key.baseAddress, let stored = arena.baseAddress else { return key.isEmpty }
        return memcmp(base, stored + start, key.count) == 0
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

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
