/// Reads structured values from a fuzzer's bytes, front to back. Reading past the end gives
/// zeros and empty strings, so every byte string decodes to some value and small mutations
/// change it a little.
struct FuzzInput {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Whether every byte was read.
    var isAtEnd: Bool { position >= bytes.count }

    /// The next byte, or 0 at the end.
    mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// A number in `0..<count` (`count` > 0) read from one byte.
    mutating func choose(_ count: Int) -> Int {
        Int(byte()) % count
    }

    /// One of `items`.
    mutating func pick<T>(_ items: [T]) -> T {
        items[choose(items.count)]
    }

    /// Eight bytes, little-endian.
    mutating func uint64() -> UInt64 {
        var value: UInt64 = 0
        for shift in stride(from: 0, to: 64, by: 8) {
            value |= UInt64(byte()) << UInt64(shift)
        }
        return value
    }

    /// A string: one length byte, then that many bytes decoded as UTF-8 (invalid sequences
    /// repaired to U+FFFD, as `String(decoding:)` does to every outside input).
    mutating func string() -> String {
        let length = Int(byte())
        let end = min(position + length, bytes.count)
        let slice = bytes[min(position, bytes.count)..<end]
        position = end
        return String(decoding: slice, as: UTF8.self)
    }

    /// The bytes not read yet, decoded as UTF-8.
    mutating func rest() -> String {
        let slice = bytes[min(position, bytes.count)...]
        position = bytes.count
        return String(decoding: slice, as: UTF8.self)
    }
}

extension Array where Element == UInt8 {
    /// The array split at every `separator` byte, empty parts kept.
    func parts(separatedBy separator: UInt8) -> [ArraySlice<UInt8>] {
        split(separator: separator, omittingEmptySubsequences: false)
    }
}
