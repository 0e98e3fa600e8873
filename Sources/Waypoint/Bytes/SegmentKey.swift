/// Hashing and comparing the literal key of a trie edge eight bytes at a time.
///
/// A lookup hashes and compares the URL's segments in ``SegmentView``'s buffer, which has
/// at least ``padding`` readable bytes after the start of every segment, against keys in
/// ``TrieStore/keys``, each stored with ``padding`` zero bytes after it. So a key of up to
/// eight bytes costs one load, a mask and a multiply, where hashing and comparing byte by
/// byte cost about 110 instructions per GitHub API hit. Values are taken little-endian, so
/// ``hash(_:foldCase:padded:)`` gives the same result for a key whether or not it can read
/// past its end.
enum SegmentKey {
    /// The bytes readable after the start of a padded key, past its end included.
    static let padding = 8

    /// The hash of `key` (ASCII letters lowered first with `foldCase`). With `padded`, the
    /// eight bytes from the start of each word of `key` may be read even past its end.
    @inline(__always)
    static func hash(_ key: UnsafeBufferPointer<UInt8>, foldCase: Bool, padded: Bool) -> UInt32 {
        let count = key.count
        var hash = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
        if let base = key.baseAddress, count > 0 {
            var offset = 0
            repeat {
                var value = word(UnsafeRawPointer(base), at: offset, count: count, padded: padded)
                if foldCase { value = lowercased(value) }
                hash = (hash ^ value) &* 0xFF51_AFD7_ED55_8CCD
                hash ^= hash >> 32
                offset &+= 8
            } while offset < count
        }
        return UInt32(truncatingIfNeeded: hash ^ (hash >> 29))
    }

    /// The padded key of `count` bytes at `base`, `0 < count <= 8`, as one little-endian
    /// word, zero past its end, lowered first with `foldCase`: the word a slot keeps as its
    /// ``Trie/Slot/head``.
    @inline(__always)
    static func shortWord(_ base: UnsafeRawPointer, count: Int, foldCase: Bool) -> UInt64 {
        let value =
            UInt64(littleEndian: base.loadUnaligned(as: UInt64.self))
            & (UInt64.max &>> (64 &- 8 &* UInt64(truncatingIfNeeded: count)))
        return foldCase ? lowercased(value) : value
    }

    /// ``hash(_:foldCase:padded:)`` of a key of `count` bytes, `0 < count <= 8`, whose one
    /// word (``shortWord(_:count:foldCase:)``) is `word`: the same value, without the loop.
    @inline(__always)
    static func hash(shortWord word: UInt64, count: Int) -> UInt32 {
        var hash = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
        hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
        hash ^= hash >> 32
        return UInt32(truncatingIfNeeded: hash ^ (hash >> 29))
    }

    /// Whether the padded `key` (lowered first with `foldCase`) equals the stored key of the
    /// same length whose first two words are `head` and `second` and whose bytes, padded,
    /// are at `stored`; the stored key is lower-cased when `foldCase`. A key of up to
    /// sixteen bytes is compared with the two words alone, without reading `stored`.
    @inline(__always)
    static func equal(
        _ key: UnsafeBufferPointer<UInt8>, head: UInt64, second: UInt64, stored: UnsafeRawPointer,
        foldCase: Bool
    ) -> Bool {
        let count = key.count
        guard let base = key.baseAddress, count > 0 else { return true }
        var value = word(UnsafeRawPointer(base), at: 0, count: count, padded: true)
        if foldCase { value = lowercased(value) }
        if value != head { return false }
        guard count > 8 else { return true }
        value = word(UnsafeRawPointer(base), at: 8, count: count, padded: true)
        if foldCase { value = lowercased(value) }
        if value != second { return false }
        var offset = 16
        while offset < count {
            value = word(UnsafeRawPointer(base), at: offset, count: count, padded: true)
            if foldCase { value = lowercased(value) }
            if value != word(stored, at: offset, count: count, padded: true) { return false }
            offset &+= 8
        }
        return true
    }

    /// The word of `key` at byte `offset` (``word(_:at:count:padded:)``), read byte by
    /// byte; zero when `key` ends before `offset`.
    static func head(of key: UnsafeBufferPointer<UInt8>, at offset: Int = 0) -> UInt64 {
        guard let base = key.baseAddress, key.count > offset else { return 0 }
        return word(UnsafeRawPointer(base), at: offset, count: key.count, padded: false)
    }

    /// Bytes `offset..<min(offset + 8, count)` of `base` as a little-endian word, the bytes
    /// past `count` zero. `offset < count`.
    @inline(__always)
    static func word(_ base: UnsafeRawPointer, at offset: Int, count: Int, padded: Bool) -> UInt64 {
        let remaining = count &- offset
        if remaining >= 8 {
            return UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }
        if padded {
            let value = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            return value & ((1 &<< (UInt64(truncatingIfNeeded: remaining) &* 8)) &- 1)
        }
        var value: UInt64 = 0
        for index in 0..<remaining {
            value |= UInt64(base.load(fromByteOffset: offset &+ index, as: UInt8.self)) &<< (8 &* index)
        }
        return value
    }

    /// `word` with the ASCII capital letters of its bytes lowered, eight bytes at once; other
    /// bytes, non-ASCII ones included, are kept.
    @inline(__always)
    static func lowercased(_ word: UInt64) -> UInt64 {
        let low = word & 0x7F7F_7F7F_7F7F_7F7F
        // The high bit of a byte is set where its low seven bits are at least "A" (0x41),
        // and, in `aboveZ`, where they are above "Z" (0x5A); neither sum carries into the
        // next byte.
        let atLeastA = low &+ 0x3F3F_3F3F_3F3F_3F3F
        let aboveZ = low &+ 0x2525_2525_2525_2525
        let capitals = atLeastA & ~aboveZ & ~word & 0x8080_8080_8080_8080
        return word | (capitals >> 2)
    }
}
