/// Registration time and memory for one corpus.
struct RegistrationReport: Codable {
    /// `Router.register(_:)` with every route at once, in milliseconds.
    var bulkMilliseconds: Summary
    /// Bulk registrations timed.
    var bulkRepetitions: Int
    /// `register(_:handler:)` called once per route, in milliseconds; nil when the table is
    /// too large for that to finish in reasonable time.
    var oneByOneMilliseconds: Double?
    /// One registration and removal of a further route beside the corpus's routes, in
    /// microseconds (median over the cycles timed); nil when not timed.
    var cycleMicroseconds: Double?
    /// Heap bytes the registered router holds per route (glibc's mallinfo2).
    var heapBytesPerRoute: Double?
    /// Resident memory gained per route while registering.
    var residentBytesPerRoute: Double?
}
