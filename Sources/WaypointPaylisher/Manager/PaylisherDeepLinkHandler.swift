import Foundation

/// The Paylisher SDK's delegate protocol for deep links, installed with
/// ``PaylisherSDK/setDeepLinkHandler(_:)``: an app delegate written against the SDK keeps
/// its conformance.
///
/// ```swift
/// import WaypointPaylisher
///
/// @MainActor
/// final class Links: PaylisherDeepLinkHandler {
///     var opened: [String] = []
///     func paylisherDidReceiveDeepLink(_ deepLink: PaylisherDeepLink, requiresAuth: Bool) {
///         if !requiresAuth { opened.append(deepLink.destination) }
///     }
/// }
/// ```
///
/// The methods are the `onDeepLink`, `onDeepLinkRequiresAuth` and `onDeepLinkFailed`
/// callbacks of ``PaylisherDeepLinkManager``, on the main actor. The last two are optional:
/// without `paylisherDeepLinkRequiresAuth(_:completion:)` a gated link waits for
/// ``PaylisherSDK/completePendingDeepLink()``, a cancel or clear, a newer gated link or the
/// timeout; it is never approved for you.
@MainActor
public protocol PaylisherDeepLinkHandler: AnyObject {
    /// A delivered link, with whether it needs a logged-in user: a gated link comes first
    /// with `true` and, once approved, again with `false`.
    func paylisherDidReceiveDeepLink(_ deepLink: PaylisherDeepLink, requiresAuth: Bool)

    /// A gated link and the completion to call once the user may open it
    /// (`completion(true)`) or may not (`completion(false)`). The completion is bound to this
    /// link: it acts once, and only while the link is still pending. The default does
    /// nothing, so the link waits.
    func paylisherDeepLinkRequiresAuth(_ deepLink: PaylisherDeepLink, completion: @escaping (Bool) -> Void)

    /// A URL that is not a deep link; `error` is its ``PaylisherDeepLinkError``. The default
    /// does nothing.
    func paylisherDeepLinkDidFail(_ url: URL, error: (any Error)?)
}

extension PaylisherDeepLinkHandler {
    /// Does nothing: the gated link waits for ``PaylisherSDK/completePendingDeepLink()``, a
    /// cancel or clear, a newer gated link or the timeout.
    public func paylisherDeepLinkRequiresAuth(
        _ deepLink: PaylisherDeepLink, completion: @escaping (Bool) -> Void
    ) {}

    /// Does nothing.
    public func paylisherDeepLinkDidFail(_ url: URL, error: (any Error)?) {}
}
