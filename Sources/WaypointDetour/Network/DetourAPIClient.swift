import Foundation
import WaypointHTTP

/// Sends the adapter's POST requests with the headers of Documentation/spec/detour.md §7, an exact overall
/// timeout covering the whole exchange and a cap on the answer's size. It never throws:
/// every outcome is a response or a `DetourHTTPFailure`.
package struct DetourAPIClient: Sendable {
    /// The transport, `X-SDK` value and logger come from here.
    package let environment: DetourEnvironment
    /// The credentials and base URL.
    package let config: DetourConfig

    /// Creates a client.
    package init(environment: DetourEnvironment, config: DetourConfig) {
        self.environment = environment
        self.config = config
    }

    /// The endpoint URL: the base URL without trailing `/`, then the endpoint path.
    package func url(for endpoint: DetourEndpoint) -> URL? {
        var base = config.apiBaseURL.absoluteString
        while base.hasSuffix("/") {
            base.removeLast()
        }
        return URL(string: base + endpoint.rawValue)
    }

    /// POSTs `body` to `endpoint`.
    ///
    /// - Parameters:
    ///   - timeout: the overall limit, enforced here whatever the transport does. The
    ///     answer's body is limited to `environment.maxResponseBytes` the same way.
    ///   - idempotencyKey: sent as `Idempotency-Key` (analytics records).
    package func post(
        _ endpoint: DetourEndpoint, body: Data, timeout: TimeInterval, idempotencyKey: String? = nil
    ) async -> Result<DetourHTTPResponse, DetourHTTPFailure> {
        guard let url = url(for: endpoint) else {
            return .failure(.invalidURL(config.apiBaseURL.absoluteString + endpoint.rawValue))
        }
        var headers = [
            "Content-Type": "application/json",
            "Authorization": "Bearer \(config.apiKey)",
            "X-App-ID": config.appID,
            "X-SDK": environment.sdkIdentifier,
        ]
        if let idempotencyKey {
            headers["Idempotency-Key"] = idempotencyKey
        }
        let limit = max(0, environment.maxResponseBytes)
        let request = DetourHTTPRequest(
            url: url, method: "POST", headers: headers, body: body, timeout: timeout, maxResponseBytes: limit)
        let transport = environment.transport
        do {
            let response = try await DetourDeadline.run(
                seconds: timeout, timer: environment.deadlineTimer, sleep: environment.sleep
            ) {
                try await transport.send(request)
            }
            // A transport that does not stream under the limit is held to it here.
            guard response.body.count <= limit else { return .failure(.responseTooLarge(limit: limit)) }
            return .success(response)
        } catch let exceeded as DetourDeadline.Exceeded {
            return .failure(.timedOut(exceeded.seconds))
        } catch is ResponseTooLargeError {
            return .failure(.responseTooLarge(limit: limit))
        } catch is CancellationError {
            return .failure(.cancelled)
        } catch {
            return .failure(.transport(String(describing: error)))
        }
    }

    /// The server's `error` field of a JSON object body (a string, or an object rendered as
    /// JSON), or nil when there is none.
    package static func serverError(in body: Data) -> String? {
        guard let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any],
            let error = object["error"]
        else { return nil }
        if let text = error as? String {
            return text
        }
        if JSONSerialization.isValidJSONObject(error),
            let data = try? JSONSerialization.data(withJSONObject: error, options: [.sortedKeys])
        {
            return String(decoding: data, as: UTF8.self)
        }
        return nil
    }

    /// The non-empty string `link` of a JSON object body, or nil.
    package static func link(in body: Data) -> String? {
        guard let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any],
            let link = object["link"] as? String, !link.isEmpty
        else { return nil }
        return link
    }
}
