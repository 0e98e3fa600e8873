/// Registration time and memory for one corpus.
struct RegistrationReport: Codable {
    /// `Router.register(_:)` with every route at once, in milliseconds.
    var bulkMilliseconds: Summary
    /// Bulk registrations timed.
    var bulkRepetitions: Int
    /// `register(_:handler:)` called once per route, in milliseconds; nil when the table is
    /// too large for that to finish in reasonable time.
    var oneByOneMilliseconds: Double?
    /// Heap bytes the registered router holds per route (glibc's mallinfo2).
    var heapBytesPerRoute: Double?
    /// Resident memory gained per route while registering.
    var residentBytesPerRoute: Double?
}
