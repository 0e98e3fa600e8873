/// Receives the manager's analytics events, for example to forward them to an analytics SDK.
/// The manager calls it on the main actor.
public protocol PaylisherEventSink: Sendable {
    /// Records one event.
    func capture(_ event: PaylisherEvent)
}
