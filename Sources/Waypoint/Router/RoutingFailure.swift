import Foundation

/// Why a URL was not handled (Documentation/spec/routing.md §5).
///
/// The raw values are the names tables and JSON output use; ``code`` keeps DeepLinkKit's
/// error codes (22023, 22024) and numbers the newer reasons after them.
public enum RoutingFailure: String, Error, Sendable, Hashable, CaseIterable, Codable, CustomStringConvertible
{
    /// No registered route matches the URL, or every matching handler declined it.
    case routeNotFound
    /// The handler of a matching route has no target to present the link.
    case handlerHasNoTarget
    /// The router's gate refused every link.
    case refusedByGate
    /// The URL is longer than ``RouterOptions/maxURLLength`` UTF-8 bytes.
    case urlTooLong
    /// The string is not an absolute URL (it does not start with a scheme and `:`).
    case invalidURL
    /// The handler to run next is isolated to the main actor, and the link was handled
    /// synchronously off the main actor, where it cannot run: the result names its route.
    /// ``Router/dispatch(_:isolation:)-(URL,_)`` and ``Router/handle(_:completion:)-(URL,_)`` run it.
    case requiresMainActor
    /// The route's asynchronous handler threw; ``DeepLinkResult/error`` is what it threw.
    case handlerFailed
    /// The route's asynchronous handler stopped because its task was cancelled: it threw a
    /// `CancellationError` (``DeepLinkResult/error``).
    case cancelled
    /// The link was held (``LinkDelivery/hold(limit:)``) and dropped to make room for a
    /// newer one: the hold keeps at most its limit of the links that arrive during it, the
    /// newest. Also a link refused at once because ``LinkDelivery`` already queues its
    /// backlog limit of links behind a release.
    case dropped
    /// The link waited for a condition (``LinkDelivery/require(_:for:)``) and the app denied
    /// it (``LinkDelivery/denyWaiting(_:)``).
    case denied
    /// A newer link took the link's place: it waited for a condition and a newer link for
    /// the same condition came (a condition keeps one waiting link, the newest), or a
    /// `DestinationRouter`'s asynchronous builder was still fetching its destination when
    /// a newer link reached a builder.
    case superseded

    /// DeepLinkKit's error code for the reason: `routeNotFound` is 22023 and
    /// `handlerHasNoTarget` 22024, as in DeepLinkKit; the reasons DeepLinkKit did not have
    /// continue the sequence (22025 gate, 22026 too long, 22027 invalid URL, 22028 a
    /// main-actor handler reached off the main actor, 22029 an asynchronous handler threw,
    /// 22030 cancelled, 22031 dropped from the hold, 22032 denied, 22033 superseded).
    public var code: Int {
        switch self {
        case .routeNotFound: 22023
        case .handlerHasNoTarget: 22024
        case .refusedByGate: 22025
        case .urlTooLong: 22026
        case .invalidURL: 22027
        case .requiresMainActor: 22028
        case .handlerFailed: 22029
        case .cancelled: 22030
        case .dropped: 22031
        case .denied: 22032
        case .superseded: 22033
        }
    }

    /// A sentence describing the reason.
    public var description: String {
        switch self {
        case .routeNotFound: "no route matched"
        case .handlerHasNoTarget: "handler had no target"
        case .refusedByGate: "the router's gate refused the link"
        case .urlTooLong: "the URL is longer than the router's limit"
        case .invalidURL: "the string is not an absolute URL"
        case .requiresMainActor:
            "the handler runs on the main actor, and the link was handled synchronously off it"
        case .handlerFailed: "the handler threw an error"
        case .cancelled: "the handler was cancelled"
        case .dropped: "the link was held and dropped to make room for a newer one"
        case .denied: "the link waited for a condition and the app denied it"
        case .superseded: "a newer link took the link's place"
        }
    }
}

extension RoutingFailure: CustomNSError {
    /// `"Waypoint"`.
    public static var errorDomain: String { "Waypoint" }

    /// ``code``.
    public var errorCode: Int { code }

    /// ``description`` as the localized description.
    public var errorUserInfo: [String: Any] { [NSLocalizedDescriptionKey: description] }
}
