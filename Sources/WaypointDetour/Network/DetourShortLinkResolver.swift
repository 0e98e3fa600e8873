import Foundation

/// Asks `/api/link/resolve-short` for the link behind a short link (Documentation/spec/detour.md §5).
package struct DetourShortLinkResolver: Sendable {
    private let client: DetourAPIClient

    /// Creates a resolver that sends with `config`'s credentials.
    package init(environment: DetourEnvironment, config: DetourConfig) {
        client = DetourAPIClient(environment: environment, config: config)
    }

    /// The resolved link, or nil when the answer is anything but a 2xx JSON object with a
    /// non-empty string `link`. Failures are logged at debug level; nothing is thrown.
    package func resolve(_ normalised: String) async -> String? {
        let logger = client.environment.logger
        let body: Data
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            body = try encoder.encode(["url": normalised])
        } catch {
            logger.debug("short link \(normalised) not resolved: \(error)")
            return nil
        }
        let timeout = client.environment.timeouts.shortLink
        switch await client.post(.resolveShort, body: body, timeout: timeout) {
        case .failure(let failure):
            logger.debug("short link \(normalised) not resolved: \(failure)")
            return nil
        case .success(let response):
            guard response.isSuccess else {
                let detail = DetourAPIClient.serverError(in: response.body).map { ": \($0)" } ?? ""
                logger.debug("short link \(normalised) not resolved: status \(response.statusCode)\(detail)")
                return nil
            }
            guard let link = DetourAPIClient.link(in: response.body) else {
                logger.debug("short link \(normalised) not resolved: the answer has no link")
                return nil
            }
            return link
        }
    }
}
