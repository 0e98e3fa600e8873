/// The median, minimum and maximum of a set of measurements.
struct Summary: Codable, Equatable {
    let median: Double
    let min: Double
    let max: Double

    /// Summarises `values`, which must not be empty. The median of an even count is the
    /// mean of the two middle values.
    init(_ values: [Double]) {
        precondition(!values.isEmpty, "nothing to summarise")
        let sorted = values.sorted()
        let middle = sorted.count / 2
        median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        min = sorted[0]
        max = sorted[sorted.count - 1]
    }

    /// Every value multiplied by `factor` (a positive unit conversion).
    func scaled(by factor: Double) -> Summary {
        Summary(median: median * factor, min: min * factor, max: max * factor)
    }

    private init(median: Double, min: Double, max: Double) {
        self.median = median
        self.min = min
        self.max = max
    }
}
