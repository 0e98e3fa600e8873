extension DetourDeliveryStats {
    /// The largest value a counter takes: 2^53, the largest integer every JSON reader holds
    /// exactly. Counting stops there instead of overflowing, and a saved counter above it
    /// (or below zero) is damage.
    package static let maximumCounter = 1 << 53

    /// The cumulative counters with their names in `state.json` (`pending` is not one).
    package static var counterFields: [(name: String, field: WritableKeyPath<DetourDeliveryStats, Int>)] {
        [
            ("delivered", \.delivered), ("rejected", \.rejected), ("retries", \.retries),
            ("droppedOverflow", \.droppedOverflow), ("droppedOversize", \.droppedOversize),
            ("droppedUnmounted", \.droppedUnmounted), ("droppedCorrupt", \.droppedCorrupt),
            ("discarded", \.discarded), ("persistFailures", \.persistFailures),
        ]
    }

    /// Adds `count` to a counter, stopping at ``maximumCounter``; never traps.
    package mutating func add(_ count: Int, to field: WritableKeyPath<DetourDeliveryStats, Int>) {
        let (sum, overflow) = self[keyPath: field].addingReportingOverflow(count)
        self[keyPath: field] = overflow ? Self.maximumCounter : min(max(sum, 0), Self.maximumCounter)
    }

    /// Counters read from disk, each outside 0...``maximumCounter`` reset to zero; returns
    /// the reasons, one per damaged counter.
    package mutating func repairLoadedCounters() -> [String] {
        var damage: [String] = []
        for (name, field) in Self.counterFields
        where !(0...Self.maximumCounter).contains(self[keyPath: field]) {
            damage.append("\(name) is \(self[keyPath: field]), outside 0...\(Self.maximumCounter)")
            self[keyPath: field] = 0
        }
        pending = 0
        return damage
    }
}
