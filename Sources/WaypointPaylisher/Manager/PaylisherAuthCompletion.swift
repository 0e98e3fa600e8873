/// The app's answer for one gated link (spec §6.3): `completion(true)` approves it, so the
/// `onDeepLink` handler gets it again with `requiresAuth == false`; `completion(false)`
/// drops it without an event.
///
/// A completion is bound to the link it was offered with. It acts at most once, and only
/// while that link is still the pending one: a completion for a link that was replaced,
/// cancelled, cleared, completed or timed out does nothing.
///
/// It may be called from any context. Called on the main actor (for example synchronously
/// inside the auth callback, or from UI code after a login) it acts before returning;
/// called from elsewhere it acts shortly after, on the main actor.
public struct PaylisherAuthCompletion: Sendable {
    /// The link this completion answers for.
    public let deepLink: PaylisherDeepLink
    private let action: @MainActor @Sendable (Bool) -> Void

    package init(deepLink: PaylisherDeepLink, action: @escaping @MainActor @Sendable (Bool) -> Void) {
        self.deepLink = deepLink
        self.action = action
    }

    /// Approves (`true`) or rejects (`false`) the link.
    ///
    /// - Parameters:
    ///   - approved: whether the user may open the link now.
    ///   - isolation: the caller's actor, filled in by the compiler; decides whether the
    ///     answer can act synchronously.
    public func callAsFunction(_ approved: Bool, isolation: isolated (any Actor)? = #isolation) {
        if let isolation, isolation === MainActor.shared {
            MainActor.assumeIsolated { action(approved) }
        } else {
            let action = action
            Task { @MainActor in action(approved) }
        }
    }
}
