/// The whole pipeline with the network: the synchronous steps of `DetourLinkPipeline` plus
/// short-link resolution and its loop guard (Documentation/spec/detour.md §5).
package struct DetourLinkProcessor: Sendable {
    /// The most resolutions one `process` call follows.
    package static let maximumResolutions = 5

    private let environment: DetourEnvironment

    /// Creates a processor using `environment`'s transport, timeouts and logger.
    package init(environment: DetourEnvironment) {
        self.environment = environment
    }

    /// Runs the pipeline on `input`.
    ///
    /// The mode is `config?.linkProcessingMode ?? .all`; short links are resolved only with a
    /// config. A resolved link restarts the pipeline with the same config, mode and source;
    /// the current link is built without another request once it has already been offered
    /// or after `maximumResolutions` resolutions.
    package func process(
        _ input: String, config: DetourConfig?, source: DetourLinkSource
    ) async -> DetourResult {
        let mode = config?.linkProcessingMode ?? .all
        var offered: Set<String> = []
        var resolutions = 0
        var current = input
        while true {
            switch DetourLinkPipeline.step(current, mode: mode, source: source) {
            case .empty:
                return .empty()
            case .link(let link):
                return DetourResult(link: link)
            case .shortLink(let normalised, let fallback):
                guard let config else { return DetourResult(link: fallback) }
                if offered.contains(normalised) {
                    environment.logger.debug("short link \(normalised) was already resolved once; stopping")
                    return DetourResult(link: fallback)
                }
                if resolutions >= Self.maximumResolutions {
                    environment.logger.debug(
                        "short link \(normalised) not resolved: \(Self.maximumResolutions) resolutions reached"
                    )
                    return DetourResult(link: fallback)
                }
                offered.insert(normalised)
                let resolver = DetourShortLinkResolver(environment: environment, config: config)
                guard let resolved = await resolver.resolve(normalised) else {
                    return DetourResult(link: fallback)
                }
                resolutions += 1
                current = resolved
            }
        }
    }
}
