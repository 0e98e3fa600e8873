import Foundation
import Waypoint

/// The SDK-style entry point: `PaylisherSDK.shared` forwards to one shared
/// ``PaylisherDeepLinkManager``, so code written against the Paylisher SDK
/// (`PaylisherSDK.shared.onDeepLink { … }`) keeps working.
@MainActor
public final class PaylisherSDK {
    /// The shared instance.
    public static let shared = PaylisherSDK()

    /// The manager every call is forwarded to; replaced by ``setup(config:eventSink:)``.
    public private(set) var manager: PaylisherDeepLinkManager

    private init() {
        manager = PaylisherDeepLinkManager()
    }

    /// Configures deep links, normally once at launch.
    ///
    /// A new manager takes over with `config`. The callbacks registered so far stay
    /// registered; a link still waiting for an `onDeepLink` handler is handled again by the
    /// new manager, and links accepted but not yet delivered (a short link resolving, the
    /// links queued behind it) are delivered by the new manager, in order, each within what
    /// was left of its wait. A gated link pending in the old manager is dropped without an
    /// event.
    ///
    /// - Parameters:
    ///   - config: the configuration.
    ///   - eventSink: receives the `Deep Link …` events; none when nil.
    public func setup(config: PaylisherDeepLinkConfig, eventSink: (any PaylisherEventSink)? = nil) {
        let old = manager
        let new = PaylisherDeepLinkManager(config: config, eventSink: eventSink)
        new.deepLinkHandler = old.deepLinkHandler
        if new.deepLinkHandler != nil { new.gate.lift() }
        new.authHandler = old.authHandler
        new.failureHandler = old.failureHandler
        new.campaignResolvedHandler = old.campaignResolvedHandler
        old.clearPendingDeepLink()
        let undelivered = old.takeUndelivered()
        manager = new
        new.adopt(undelivered)
        if let held = old.gate.takeHeld() {
            new.handle(held.link.url, platformHint: held.link.platformHint)
        }
    }

    /// Forwards to ``PaylisherDeepLinkManager/onDeepLink(_:)``.
    public func onDeepLink(
        _ handler: @escaping @MainActor (_ deepLink: PaylisherDeepLink, _ requiresAuth: Bool) -> Void
    ) {
        manager.onDeepLink(handler)
    }

    /// Forwards to ``PaylisherDeepLinkManager/onDeepLinkRequiresAuth(_:)``.
    public func onDeepLinkRequiresAuth(
        _ handler:
            @escaping @MainActor (_ deepLink: PaylisherDeepLink, _ completion: PaylisherAuthCompletion) ->
            Void
    ) {
        manager.onDeepLinkRequiresAuth(handler)
    }

    /// Forwards to ``PaylisherDeepLinkManager/onDeepLinkFailed(_:)``.
    public func onDeepLinkFailed(
        _ handler: @escaping @MainActor (_ url: URL, _ error: PaylisherDeepLinkError) -> Void
    ) {
        manager.onDeepLinkFailed(handler)
    }

    /// Forwards to ``PaylisherDeepLinkManager/onCampaignResolved(_:)``.
    public func onCampaignResolved(_ handler: @escaping @MainActor (_ deepLink: PaylisherDeepLink) -> Void) {
        manager.onCampaignResolved(handler)
    }

    /// Forwards to ``PaylisherDeepLinkManager/handle(_:platformHint:)``.
    @discardableResult
    public func handle(_ url: URL, platformHint: String? = nil) -> PaylisherHandleResult {
        manager.handle(url, platformHint: platformHint)
    }

    /// Forwards to `PaylisherDeepLinkManager.handle(userActivity:)`.
    @discardableResult
    package func handle(userActivity: UserActivity) -> PaylisherHandleResult? {
        manager.handle(userActivity: userActivity)
    }

    // MARK: The SDK's own input names (Documentation/spec/paylisher.md §1.4)

    /// The SDK's name for ``handle(_:platformHint:)``: handles an incoming URL.
    ///
    /// - Returns: whether the URL was taken as a deep link (accepted, waiting for a handler,
    ///   a duplicate or a bridge page); false when it does not parse
    ///   (``PaylisherHandleResult/failed(_:)``).
    @discardableResult
    public func handleDeepLink(_ url: URL) -> Bool {
        handle(url).isTaken
    }

    /// The SDK's name for `handle(userActivity:)`: handles a universal link
    /// from a web-browsing activity.
    ///
    /// - Returns: whether the activity was a web-browsing one whose URL was taken as a deep
    ///   link.
    @discardableResult
    package func handleUserActivity(_ userActivity: UserActivity) -> Bool {
        handle(userActivity: userActivity)?.isTaken ?? false
    }

    /// Installs `handler` as the SDK's delegate, held weakly as the SDK holds it: its methods
    /// become the `onDeepLink`, `onDeepLinkRequiresAuth` and `onDeepLinkFailed` callbacks,
    /// replacing those registered before. Once the handler is gone, links are delivered to
    /// nobody; nil uninstalls it.
    public func setDeepLinkHandler(_ handler: (any PaylisherDeepLinkHandler)?) {
        let reference = WeakDeepLinkHandler(handler)
        onDeepLink { link, requiresAuth in
            reference.handler?.paylisherDidReceiveDeepLink(link, requiresAuth: requiresAuth)
        }
        onDeepLinkRequiresAuth { link, completion in
            reference.handler?.paylisherDeepLinkRequiresAuth(link) { approved in completion(approved) }
        }
        onDeepLinkFailed { url, error in
            reference.handler?.paylisherDeepLinkDidFail(url, error: error)
        }
    }

    /// Forwards to ``PaylisherDeepLinkManager/hasPendingDeepLink``.
    public var hasPendingDeepLink: Bool { manager.hasPendingDeepLink }

    /// Forwards to ``PaylisherDeepLinkManager/pendingDeepLink``.
    public var pendingDeepLink: PaylisherDeepLink? { manager.pendingDeepLink }

    /// Forwards to ``PaylisherDeepLinkManager/pendingDeepLinkDestination``.
    public var pendingDeepLinkDestination: String? { manager.pendingDeepLinkDestination }

    /// Forwards to ``PaylisherDeepLinkManager/lastDeepLink``.
    public var lastDeepLink: PaylisherDeepLink? { manager.lastDeepLink }

    /// Forwards to ``PaylisherDeepLinkManager/completePendingDeepLink()``.
    @discardableResult
    public func completePendingDeepLink() -> Bool { manager.completePendingDeepLink() }

    /// Forwards to ``PaylisherDeepLinkManager/cancelPendingDeepLink()``.
    @discardableResult
    public func cancelPendingDeepLink() -> Bool { manager.cancelPendingDeepLink() }

    /// Forwards to ``PaylisherDeepLinkManager/clearPendingDeepLink()``.
    @discardableResult
    public func clearPendingDeepLink() -> Bool { manager.clearPendingDeepLink() }

    /// Forwards to ``PaylisherDeepLinkManager/attributionProperties()``.
    public func attributionProperties() -> [String: JSONValue] { manager.attributionProperties() }

    /// Forwards to ``PaylisherDeepLinkManager/resetJourney()``.
    public func resetJourney() { manager.resetJourney() }
}

/// The SDK's delegate, held weakly.
@MainActor
private final class WeakDeepLinkHandler {
    weak var handler: (any PaylisherDeepLinkHandler)?

    init(_ handler: (any PaylisherDeepLinkHandler)?) {
        self.handler = handler
    }
}

extension PaylisherHandleResult {
    /// Whether the URL was taken as a deep link: anything but a parse failure.
    var isTaken: Bool {
        if case .failed = self { return false }
        return true
    }
}
