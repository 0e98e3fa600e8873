/// Keeps the current journey (spec §7.2). The default keeps it in memory; an app may persist
/// it, for example in `UserDefaults`, so a journey outlives the process.
public protocol PaylisherJourneyStore: Sendable {
    /// The stored journey, or nil.
    func loadJourney() -> PaylisherJourney?
    /// Replaces the stored journey; nil removes it.
    func saveJourney(_ journey: PaylisherJourney?)
}
