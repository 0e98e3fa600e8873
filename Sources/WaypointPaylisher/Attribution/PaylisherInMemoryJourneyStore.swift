import Foundation

/// A ``PaylisherJourneyStore`` that keeps the journey in memory, for the life of the process.
public final class PaylisherInMemoryJourneyStore: PaylisherJourneyStore, @unchecked Sendable {
    // @unchecked Sendable: the only mutable state, `journey`, is read and written under `lock`
    // (NSLock rather than Mutex, which needs macOS 15 / iOS 18).
    private let lock = NSLock()
    private var journey: PaylisherJourney?

    /// Creates an empty store.
    public init() {}

    /// The stored journey, or nil.
    public func loadJourney() -> PaylisherJourney? {
        lock.lock()
        defer { lock.unlock() }
        return journey
    }

    /// Replaces the stored journey; nil removes it.
    public func saveJourney(_ journey: PaylisherJourney?) {
        lock.lock()
        defer { lock.unlock() }
        self.journey = journey
    }
}
