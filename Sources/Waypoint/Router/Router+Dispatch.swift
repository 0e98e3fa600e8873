import Dispatch
import Foundation

extension Router {
    /// Dispatches `url` to the handler of the earliest-registered matching route, trying
    /// the next matching route when a handler declines or has no target. Handlers run on
    /// the calling thread before this returns.
    @discardableResult
    public func handle(_ url: URL) -> DeepLinkResult {
        dispatch(url.absoluteString, url: url, attachment: nil)
    }

    /// Dispatches the URL string `url`; a string that Foundation cannot make a `URL` of is
    /// not handled, with ``RoutingFailure/invalidURL``.
    @discardableResult
    public func handle(_ url: String) -> DeepLinkResult {
        guard let parsed = URL(string: url) else { return .failed(.invalidURL) }
        return dispatch(url, url: parsed, attachment: nil)
    }

    /// Dispatches `url` as the synchronous `handle(_:)` does, then calls `completion` with the
    /// result on the main queue — always asynchronously, after this method has returned,
    /// as DeepLinkKit does.
    ///
    /// - Returns: whether the link was handled.
    @discardableResult
    public func handle(
        _ url: URL, completion: @escaping @MainActor @Sendable (DeepLinkResult) -> Void
    ) -> Bool {
        let result = handle(url)
        Self.complete(result, completion)
        return result.isHandled
    }

    /// Dispatches `url` as ``handle(_:)-(URL)`` does, from asynchronous code.
    public func handle(_ url: URL) async -> DeepLinkResult {
        dispatch(url.absoluteString, url: url, attachment: nil)
    }

    /// Handles a universal link: a `NSUserActivityTypeBrowsingWeb` activity with a web page
    /// URL is dispatched as that URL; any other activity is not handled.
    ///
    /// - Returns: whether the link was handled.
    @discardableResult
    public func handle(userActivity: UserActivity) -> Bool {
        guard let url = userActivity.routableURL else { return false }
        return handle(url).isHandled
    }

    /// Handles a universal link, then calls `completion` on the main queue, asynchronously.
    /// Any other activity returns false and `completion` is not called.
    @discardableResult
    public func handle(
        userActivity: UserActivity, completion: @escaping @MainActor @Sendable (DeepLinkResult) -> Void
    ) -> Bool {
        guard let url = userActivity.routableURL else { return false }
        return handle(url, completion: completion)
    }

    /// Dispatches `matchURL` and hands handlers a link whose `url` is `url`: the entry
    /// point adapters use when the string they match is not the URL the app received.
    ///
    /// - Parameters:
    ///   - matched: `matchURL` as a URL, the link's ``DeepLink/matchedURL``; nil when it is
    ///     `url`.
    ///   - pathRoutesOnly: when true, host routes take no part (adapter links).
    package func dispatch(
        _ matchURL: String, url: URL, matched: URL? = nil, attachment: (any Sendable)?,
        pathRoutesOnly: Bool = false
    ) -> DeepLinkResult {
        let snapshot = self.snapshot
        if let gate = snapshot.gate, !gate(url) { return .failed(.refusedByGate) }
        let first: RouteMatch
        switch snapshot.table.best(matchURL, pathRoutesOnly: pathRoutesOnly) {
        case .refused(let failure):
            return .failed(failure)
        case .examined(let matches, _):
            guard let match = matches.first else { return .failed(.routeNotFound) }
            first = match
        }
        let rawQuery = URLParts.rawQuery(of: matchURL)
        func link(_ match: RouteMatch) -> DeepLink {
            DeepLink(
                url: url, matchedURL: matched, routeParameters: match.routeParameters, rawQuery: rawQuery,
                attachment: attachment)
        }
        var sawNoTarget = false
        var candidates = [first]
        var index = 0
        var expanded = false
        while index < candidates.count {
            let match = candidates[index]
            let deepLink = link(match)
            switch snapshot.handler(atPriority: match.priority) {
            case .closure(let closure):
                closure(deepLink)
                return DeepLinkResult(isHandled: true, deepLink: deepLink, route: match.route, failure: nil)
            case .handler(let handler):
                if handler.shouldHandle(deepLink) {
                    switch handler.handle(deepLink) {
                    case .handled:
                        return DeepLinkResult(
                            isHandled: true, deepLink: deepLink, route: match.route, failure: nil)
                    case .noTarget:
                        sawNoTarget = true
                    }
                }
            }
            index += 1
            if index == candidates.count && !expanded {
                // The winner passed the link on: find the routes after it, in order.
                expanded = true
                if case .examined(let all, _) = snapshot.table.all(matchURL, pathRoutesOnly: pathRoutesOnly) {
                    candidates += all.filter { $0.priority > first.priority }
                }
            }
        }
        return .failed(
            sawNoTarget ? .handlerHasNoTarget : .routeNotFound, deepLink: link(first), route: first.route)
    }

    /// Delivers `result` on the main queue, after the caller has returned.
    package static func complete(
        _ result: DeepLinkResult, _ completion: @escaping @MainActor @Sendable (DeepLinkResult) -> Void
    ) {
        DispatchQueue.main.async {
            MainActor.assumeIsolated { completion(result) }
        }
    }
}

#if os(macOS) || os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
    extension Router {
        /// Handles an `NSUserActivity`: a browsing-web activity is dispatched as its web page
        /// URL; any other activity returns false without calling `completion`.
        @discardableResult
        public func handle(
            userActivity: NSUserActivity, completion: (@MainActor @Sendable (DeepLinkResult) -> Void)? = nil
        ) -> Bool {
            let activity = UserActivity(
                activityType: userActivity.activityType, webpageURL: userActivity.webpageURL)
            guard let completion else { return handle(userActivity: activity) }
            return handle(userActivity: activity, completion: completion)
        }
    }
#endif
