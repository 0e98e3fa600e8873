/// A set of Unicode scalars as sorted, disjoint, non-adjacent ranges of code points: the
/// characters one step of a route regex or an AASA rule accepts, before ``PathAlphabet``
/// turns them into symbols.
struct ScalarSet: Sendable, Hashable {
    /// The ranges, sorted, disjoint and never adjacent.
    private(set) var ranges: [ClosedRange<UInt32>]

    /// The largest code point.
    static let maximum: UInt32 = 0x10FFFF

    /// The empty set.
    init() {
        ranges = []
    }

    /// The set of `ranges`, in any order, overlapping or not.
    init(_ ranges: [ClosedRange<UInt32>]) {
        self.ranges = Self.normalised(ranges)
    }

    /// The set of one scalar.
    init(_ scalar: Unicode.Scalar) {
        ranges = [scalar.value...scalar.value]
    }

    /// The set of these scalars.
    init(scalars: some Sequence<Unicode.Scalar>) {
        self.init(scalars.map { $0.value...$0.value })
    }

    /// Every scalar.
    static let all = ScalarSet([0...maximum])

    var isEmpty: Bool { ranges.isEmpty }

    func contains(_ scalar: Unicode.Scalar) -> Bool {
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < scalar.value {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low < ranges.count && ranges[low].contains(scalar.value)
    }

    func union(_ other: ScalarSet) -> ScalarSet {
        ScalarSet(ranges + other.ranges)
    }

    /// Every scalar not in the set.
    var complement: ScalarSet {
        var result: [ClosedRange<UInt32>] = []
        var next: UInt32 = 0
        for range in ranges {
            if range.lowerBound > next { result.append(next...(range.lowerBound - 1)) }
            if range.upperBound == Self.maximum { return ScalarSet(normalised: result) }
            next = range.upperBound + 1
        }
        result.append(next...Self.maximum)
        return ScalarSet(normalised: result)
    }

    func subtracting(_ other: ScalarSet) -> ScalarSet {
        intersection(other.complement)
    }

    func intersection(_ other: ScalarSet) -> ScalarSet {
        var result: [ClosedRange<UInt32>] = []
        var left = 0
        var right = 0
        while left < ranges.count && right < other.ranges.count {
            let low = max(ranges[left].lowerBound, other.ranges[right].lowerBound)
            let high = min(ranges[left].upperBound, other.ranges[right].upperBound)
            if low <= high { result.append(low...high) }
            if ranges[left].upperBound < other.ranges[right].upperBound { left += 1 } else { right += 1 }
        }
        return ScalarSet(normalised: result)
    }

    /// The number of code points in the set.
    var count: Int {
        ranges.reduce(0) { $0 + Int($1.upperBound - $1.lowerBound) + 1 }
    }

    private init(normalised ranges: [ClosedRange<UInt32>]) {
        self.ranges = ranges
    }

    private static func normalised(_ ranges: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>] {
        var result: [ClosedRange<UInt32>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = result.last, range.lowerBound <= last.upperBound &+ 1, last.upperBound != maximum {
                result[result.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else if let last = result.last, last.upperBound == maximum {
                continue
            } else {
                result.append(range)
            }
        }
        return result
    }
}
