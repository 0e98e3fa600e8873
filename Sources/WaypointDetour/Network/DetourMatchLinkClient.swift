import Foundation

/// Deferred matching: sends the fingerprint to `/api/link/match-link` (Documentation/spec/detour.md §6–§7).
package struct DetourMatchLinkClient: Sendable {
    private let environment: DetourEnvironment
    private let client: DetourAPIClient

    /// Creates a client that sends with `config`'s credentials.
    package init(environment: DetourEnvironment, config: DetourConfig) {
        self.environment = environment
        client = DetourAPIClient(environment: environment, config: config)
    }

    /// Builds the fingerprint from the device's `fields`, the clock and, when `useClipboard`
    /// is set, the first http(s) URL on the clipboard. The clipboard is not touched otherwise.
    package func fingerprint(
        fields: DetourFingerprintFields = .all, useClipboard: Bool
    ) async -> DetourFingerprint {
        let device = await environment.device.deviceInfo(reading: fields)
        var pasted: String?
        if useClipboard, let text = await environment.clipboard.text() {
            pasted = DetourClipboardLink.firstWebURL(in: text)
        }
        return DetourFingerprint(
            device: device, fields: fields, timestamp: DetourCivilTime.epochMilliseconds(environment.now()),
            pastedLink: pasted)
    }

    /// The matched link (a URL or a plain path), or nil for no match or any failure.
    ///
    /// A 404 is logged at info level; other statuses are logged with the server's `error`
    /// field; transport failures and unreadable answers are logged as warnings.
    package func match(_ fingerprint: DetourFingerprint) async -> String? {
        let logger = environment.logger
        let body: Data
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            body = try encoder.encode(fingerprint)
        } catch {
            logger.warning("deferred matching skipped: the fingerprint could not be encoded: \(error)")
            return nil
        }
        switch await client.post(.matchLink, body: body, timeout: environment.timeouts.matchLink) {
        case .failure(let failure):
            logger.warning("deferred matching failed: \(failure)")
            return nil
        case .success(let response) where response.statusCode == 404:
            logger.info("no deferred link matched (404)")
            return nil
        case .success(let response) where !response.isSuccess:
            let detail = DetourAPIClient.serverError(in: response.body) ?? "no error field"
            logger.warning("deferred matching failed with status \(response.statusCode): \(detail)")
            return nil
        case .success(let response):
            guard (try? JSONSerialization.jsonObject(with: response.body)) is [String: Any] else {
                logger.warning("deferred matching failed: the answer is not a JSON object")
                return nil
            }
            guard let link = DetourAPIClient.link(in: response.body) else {
                logger.info("no deferred link matched")
                return nil
            }
            return link
        }
    }
}
