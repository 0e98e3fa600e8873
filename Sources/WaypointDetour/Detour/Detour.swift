import Foundation
import Waypoint

/// The Detour entry point: processes links, resolves the link that launched the app
/// (including deferred links), and mounts analytics. Use `Detour.shared`.
///
/// Links are parsed by Documentation/spec/detour.md §2; short links are resolved and deferred links matched
/// against the server in `DetourConfig.apiBaseURL`. The services come from
/// `DetourEnvironment.current`.
@MainActor
public final class Detour {
    /// The store key of the first-entrance flag.
    package static let firstEntranceKey = "DetourFirstEntranceFlag"
    /// The analytics event logged for a universal link processed with a config.
    package static let universalLinkEvent = "opened_via_universal_link"

    /// The shared instance.
    public nonisolated static let shared = Detour(environment: nil, analytics: .shared)

    private let pinnedEnvironment: DetourEnvironment?
    /// The analytics of this instance's process.
    package nonisolated let analytics: DetourAnalyticsController
    /// Whether this process has already resolved its initial link.
    package private(set) var isSessionHandled = false

    /// Creates an instance standing for one process: `environment` (or
    /// `DetourEnvironment.current` at each call when nil) and its own analytics.
    package nonisolated init(environment: DetourEnvironment?, analytics: DetourAnalyticsController) {
        pinnedEnvironment = environment
        self.analytics = analytics
    }

    private var environment: DetourEnvironment { pinnedEnvironment ?? DetourEnvironment.current }

    // MARK: Processing links

    /// Processes a URL synchronously: the pipeline on `url.absoluteString` as a runtime link
    /// in mode `all`, without short-link resolution, network or analytics.
    public func processLink(_ url: URL) -> DetourResult {
        DetourLinkPipeline.evaluate(url.absoluteString)
    }

    /// Processes a URL the app received (a universal link or a custom-scheme URL).
    ///
    /// With a config, a web link that is not infrastructure is first logged as the analytics
    /// event `opened_via_universal_link` (except in mode `deferred-only`, or when
    /// ``DetourConfig/sendsAnalytics`` is false); then the URL's text
    /// goes through `processLink(_:config:)`.
    public func processLink(_ url: URL, config: DetourConfig?) async -> DetourResult {
        let text = url.absoluteString
        if let config, config.sendsAnalytics, config.linkProcessingMode != .deferredOnly,
            DetourLinkPipeline.classify(text)?.kind == .web
        {
            analytics.logEvent(Self.universalLinkEvent, data: ["url": text])
        }
        return await processLink(text, config: config)
    }

    /// Processes a link as a runtime link in `config`'s mode (`all` without a config),
    /// resolving short links through the server only when a config is given. Never throws;
    /// server failures fall back to the link as given.
    public func processLink(_ rawLink: String, config: DetourConfig? = nil) async -> DetourResult {
        await DetourLinkProcessor(environment: environment).process(rawLink, config: config, source: .runtime)
    }

    // MARK: Initial link

    /// Resolves the link that launched the app and calls `completion` with it, exactly once,
    /// on the main actor, always after this method has returned.
    ///
    /// Order: the launch URL, then a universal-link activity, then deferred matching on the
    /// first launch (Documentation/spec/detour.md §6). Only the first call of a process does any work; later
    /// calls (even concurrent ones) give the empty result until `resetSession`.
    public func resolveInitialLink(
        config: DetourConfig, launchContext: DetourLaunchContext = DetourLaunchContext(),
        completion: @escaping @MainActor (DetourResult) -> Void
    ) {
        let plan = beginInitialLink(config: config, launchContext: launchContext)
        Task { @MainActor in
            completion(await self.finishInitialLink(plan, config: config))
        }
    }

    /// Resolves the link that launched the app (see the completion variant).
    public func resolveInitialLink(
        config: DetourConfig, launchContext: DetourLaunchContext = DetourLaunchContext()
    ) async -> DetourResult {
        let plan = beginInitialLink(config: config, launchContext: launchContext)
        return await finishInitialLink(plan, config: config)
    }

    /// Forgets that this process resolved its initial link. With `allowDeferredRetry`, also
    /// stores `false` as the first-entrance flag, so the next `resolveInitialLink` runs
    /// deferred matching again. Analytics, the device id and the queue are left alone.
    public func resetSession(allowDeferredRetry: Bool = false) {
        isSessionHandled = false
        if allowDeferredRetry {
            environment.store.set(false, forKey: Self.firstEntranceKey)
        }
    }

    // MARK: Analytics

    /// Mounts analytics; the same as `DetourAnalytics.mount(config:)`.
    public func mountAnalytics(config: DetourConfig) {
        analytics.mount(config: config)
    }

    /// Unmounts analytics; the same as `DetourAnalytics.unmount()`.
    public func unmountAnalytics() {
        analytics.unmount()
    }

    // MARK: Steps

    /// The synchronous part of `resolveInitialLink`: mounts analytics (unless the config
    /// says not to), checks and sets the
    /// session flag and the first-entrance flag, and decides what to do.
    private func beginInitialLink(
        config: DetourConfig, launchContext: DetourLaunchContext
    ) -> DetourInitialLinkPlan {
        if config.sendsAnalytics {
            analytics.mount(config: config)
        }
        guard !isSessionHandled else { return .empty }
        if config.linkProcessingMode != .deferredOnly {
            if let launchURL = launchContext.launchURL,
                !DetourLinkPipeline.isInfrastructure(DetourLinkPipeline.trim(launchURL.absoluteString))
            {
                markHandled()
                return .launchURL(launchURL.absoluteString)
            }
            let browsing = launchContext.userActivities.filter {
                $0.activityType == DetourUserActivity.browsingWeb
            }
            if let webpageURL = browsing.lazy.compactMap(\.webpageURL).first,
                !DetourLinkPipeline.isInfrastructure(DetourLinkPipeline.trim(webpageURL.absoluteString))
            {
                markHandled()
                return .universalLink(webpageURL)
            }
            if !browsing.isEmpty {
                markHandled()
                return .empty
            }
        }
        let store = environment.store
        guard store.bool(forKey: Self.firstEntranceKey) != true else {
            isSessionHandled = true
            return .empty
        }
        markHandled()
        return .deferred
    }

    /// Marks the first entrance in the store and the session as handled.
    private func markHandled() {
        environment.store.set(true, forKey: Self.firstEntranceKey)
        isSessionHandled = true
    }

    private func finishInitialLink(_ plan: DetourInitialLinkPlan, config: DetourConfig) async -> DetourResult
    {
        switch plan {
        case .empty:
            return .empty()
        case .launchURL(let text):
            return await processLink(text, config: config)
        case .universalLink(let url):
            return await processLink(url, config: config)
        case .deferred:
            let environment = environment
            let client = DetourMatchLinkClient(environment: environment, config: config)
            let fingerprint = await client.fingerprint(
                fields: config.fingerprintFields, useClipboard: config.shouldUseClipboard)
            guard let link = await client.match(fingerprint) else { return .empty() }
            return await DetourLinkProcessor(environment: environment).process(
                link, config: config, source: .deferred)
        }
    }
}
