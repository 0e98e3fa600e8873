import Waypoint

// What wrong guesses may cost, and what the reader does when they may not: ask the decoder's
// storage (Documentation/decisions.md, "JSONValue through JSONDecoder in linear time,
// whatever the shapes").

extension JSONValueReader {
    /// What each value read adds to the credit for wrong guesses, in the units of
    /// ``failureCost(depth:)``: about 2 µs of `JSONDecoder`'s time, half of what a hint costs.
    static let creditPerValue = 512

    /// The cost of a failed request at depth 0: the error and its message.
    static let errorCost = 64

    /// What each level of `kind` on the way down adds to a failed request below it, in units
    /// of about 4 ns of `JSONDecoder`'s time: `key`, for each time its key is copied (a member
    /// name 16, an index 1), and `level`, once. `JSONDecoder` builds the path of a failed
    /// request level by level, each level copying the keys above it, so a failure at depth
    /// `d` copies each key `d − (its depth)` times: the square of the depth.
    static func levelCost(_ kind: Kind) -> (key: Int, level: Int) {
        kind == .object ? (16, 256) : (1, 16)
    }

    /// The estimated cost of a failed request for a value at `depth`.
    func failureCost(depth: Int) -> Int {
        depth < failureCosts.count ? failureCosts[depth] : failureCosts[failureCosts.count - 1] + depth
    }

    /// Whether a request that may fail is covered for a value at `depth`: always, when the
    /// decoder shows no kinds.
    func mayGuess(depth: Int) -> Bool {
        !hintsAvailable || credit >= failureCost(depth: depth)
    }

    /// Notes a failed request for a value at `depth`; one for the kind the decoder's storage
    /// showed (`hinted`) means the storage is not what it seemed, and hints stop.
    mutating func failed(depth: Int, hinted: Bool) {
        credit -= failureCost(depth: depth)
        if hinted { hintsAvailable = false }
    }

    /// The kind `decoder`'s storage shows for its value; nil, and no more asking, when it
    /// shows none.
    mutating func hint(_ decoder: any Decoder) -> Kind? {
        guard hintsAvailable else { return nil }
        let kind = JSONKindHint.kind(of: decoder)
        if kind == nil { hintsAvailable = false }
        return kind
    }

    /// Notes a container of `kind` at `depth` on the way down, after checking the depth, with
    /// what a failed request costs below it.
    mutating func enter(_ kind: Kind, depth: Int, codingPath: () -> [any CodingKey]) throws {
        guard depth < maximumDepth else {
            throw JSONValueDecoder.corrupted(
                "arrays and objects nested deeper than \(maximumDepth) levels", codingPath())
        }
        if path.count > depth {
            path.removeSubrange(depth...)
            failureCosts.removeSubrange((depth + 1)...)
            keyWeights.removeSubrange((depth + 1)...)
        }
        while path.count <= depth {
            let (key, level) = Self.levelCost(kind)
            path.append(kind)
            keyWeights.append(keyWeights[keyWeights.count - 1] + key)
            failureCosts.append(
                failureCosts[failureCosts.count - 1] + level + keyWeights[keyWeights.count - 1])
        }
    }
}
