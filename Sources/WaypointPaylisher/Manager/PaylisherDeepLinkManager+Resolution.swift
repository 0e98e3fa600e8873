import Foundation
import WaypointHTTP

extension PaylisherDeepLinkManager {
    /// Resolves a campaign in a task and hands the result (nil on failure) to `completion`
    /// on the main actor, unless the manager is gone or the resolution was cancelled by then.
    ///
    /// - Parameter deadline: when the request counts as failed, on the manager's clock.
    /// - Returns: the id under which the task is kept in `resolutionTasks`.
    @discardableResult
    func startResolution(
        of requestURL: URL, deadline: Duration,
        completion: @escaping @MainActor (PaylisherDeepLinkManager, PaylisherResolvedDeepLinkPayload?) -> Void
    ) -> UInt64 {
        let id = issueID()
        let transport = transport
        let clock = clock
        let timeout = max(deadline - clock.now(), .zero)
        let limit = max(0, config.maxResponseBytes)
        resolutionTasks[id] = Task { [weak self] in
            let payload = await Self.resolveCampaign(
                at: requestURL, transport: transport, timeout: timeout, maxBodyBytes: limit, clock: clock,
                deadline: deadline)
            guard let self, !Task.isCancelled else { return }
            resolutionTasks[id] = nil
            completion(self, payload)
        }
        return id
    }

    /// Performs one resolution request (spec §5.1, §5.2): a `GET` whose whole exchange is
    /// limited to `timeout`, measured on the manager's clock, and whose body is limited to
    /// `maxBodyBytes`. Returns nil when the transport throws or is too slow, the body is too
    /// long, the status is not 2xx, or the body is not a campaign object.
    nonisolated static func resolveCampaign(
        at url: URL, transport: any PaylisherHTTPTransport, timeout: Duration, maxBodyBytes: Int,
        clock: PaylisherManagerClock, deadline: Duration
    ) async -> PaylisherResolvedDeepLinkPayload? {
        // Race the request against the clock in unstructured tasks: a task group would wait
        // for a transport that ignores cancellation, and URLSession on Linux truncates its own
        // timeouts to whole seconds. With the system's clock, a Dispatch timer keeps the
        // deadline too: it ends the race and cancels the request (which stops the transport's
        // exchange) even when every thread of the cooperative pool is busy.
        let (outcomes, continuation) = AsyncStream.makeStream(
            of: (status: Int, body: Data)?.self, bufferingPolicy: .bufferingOldest(1))
        let request = Task {
            continuation.yield(try? await transport.get(url, timeout: timeout, maxBodyBytes: maxBodyBytes))
        }
        let timer = Task {
            try? await clock.sleep(until: deadline)
            continuation.yield(nil)
        }
        let armed = clock.deadlineTimer?.arm(after: timeout.paylisherSeconds) {
            continuation.yield(nil)
            request.cancel()
        }
        var iterator = outcomes.makeAsyncIterator()
        let first = await iterator.next()
        request.cancel()
        timer.cancel()
        armed?.cancel()
        continuation.finish()
        guard let response = first ?? nil, (200..<300).contains(response.status),
            response.body.count <= maxBodyBytes
        else { return nil }
        return PaylisherResolvedDeepLinkPayload(responseBody: response.body)
    }

    /// Waits until every campaign resolution started so far, and any started meanwhile, has
    /// finished and been applied. For tests and the command line.
    package func waitForResolutions() async {
        while let (id, task) = resolutionTasks.first {
            await task.value
            resolutionTasks[id] = nil
        }
    }
}
