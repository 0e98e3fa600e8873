extension Duration {
    /// The duration in seconds, as events report times.
    var paylisherSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
