import Foundation
import Waypoint

/// The analytics state of one process: mount and unmount, the `app_open` guard, the device
/// id, body building and the open queue. `DetourAnalytics` forwards to `shared`; tests make
/// their own instances, each standing for one process.
package final class DetourAnalyticsController: Sendable {
    /// The store key of the device id.
    package static let deviceIDKey = "Detour_deviceId"
    /// The retention event logged by the first mount of a process.
    package static let appOpenEvent = "app_open"

    /// The instance behind `DetourAnalytics` and `Detour.shared`.
    package static let shared = DetourAnalyticsController(environment: nil)

    private struct State: Sendable {
        var config: DetourConfig?
        var environment: DetourEnvironment?
        var queue: DetourAnalyticsQueue?
        var sentAppOpen = false
        var unmountedDrops = 0
        var deviceID: String?
    }

    private let pinnedEnvironment: DetourEnvironment?
    private let state = Locked(State())

    /// Creates a controller using `environment`, or `DetourEnvironment.current` (read at each
    /// mount) when nil.
    package init(environment: DetourEnvironment?) {
        pinnedEnvironment = environment
    }

    private var environment: DetourEnvironment { pinnedEnvironment ?? DetourEnvironment.current }

    /// Whether analytics is mounted.
    package var isMounted: Bool { state.withLock { $0.config != nil } }

    /// The open queue, if any (for inspection and tests).
    package var queue: DetourAnalyticsQueue? { state.withLock { $0.queue } }

    /// Mounts: stores the config and environment, opens the queue and starts sending. The
    /// first mount of the process logs `app_open`. A mount while mounted does nothing.
    package func mount(config: DetourConfig) {
        state.withLock { state in
            guard state.config == nil else { return }
            let environment = environment
            let queue = openQueue(&state, environment: environment)
            queue.addDroppedUnmounted(state.unmountedDrops)
            state.unmountedDrops = 0
            state.config = config
            state.environment = environment
            queue.start(config: config, environment: environment)
            if !state.sentAppOpen {
                state.sentAppOpen = true
                let deviceID = deviceID(&state, environment: environment)
                if let body = DetourAnalyticsBody.retention(
                    name: Self.appOpenEvent, timestamp: environment.now(),
                    platform: environment.device.platform,
                    deviceID: deviceID)
                {
                    queue.enqueue(kind: .retention, appID: config.appID, body: body)
                }
            }
        }
    }

    /// Unmounts: no new requests start; a request in flight completes and is recorded;
    /// queued records stay for the next mount.
    package func unmount() {
        state.withLock { state in
            guard state.config != nil else { return }
            state.config = nil
            state.queue?.stop()
        }
    }

    /// Logs an event; while unmounted it is dropped with a warning and counted.
    package func logEvent(_ name: String, data: [String: Any]?) {
        guard let mounted = mounted(dropping: "event \(name)") else { return }
        guard
            let body = DetourAnalyticsBody.event(
                name: name, data: data, timestamp: mounted.environment.now(),
                platform: mounted.environment.device.platform, deviceID: mounted.deviceID,
                logger: mounted.environment.logger)
        else {
            mounted.environment.logger.warning("analytics event \(name) could not be encoded; dropped")
            return
        }
        mounted.queue.enqueue(kind: .event, appID: mounted.config.appID, body: body)
    }

    /// Logs a retention event; while unmounted it is dropped with a warning and counted.
    package func logRetention(_ name: String) {
        guard let mounted = mounted(dropping: "retention event \(name)") else { return }
        guard
            let body = DetourAnalyticsBody.retention(
                name: name, timestamp: mounted.environment.now(),
                platform: mounted.environment.device.platform,
                deviceID: mounted.deviceID)
        else { return }
        mounted.queue.enqueue(kind: .retention, appID: mounted.config.appID, body: body)
    }

    /// Sends every due record now (while mounted) and returns the stats.
    package func flush() async -> DetourDeliveryStats {
        let (queue, drops) = state.withLock { state in
            (openQueue(&state, environment: state.environment ?? environment), state.unmountedDrops)
        }
        var stats = await queue.flush()
        stats.add(drops, to: \.droppedUnmounted)
        return stats
    }

    /// The queue's stats, plus events dropped while unmounted that are not yet counted there.
    package func deliveryStats() -> DetourDeliveryStats {
        state.withLock { state in
            var stats = openQueue(&state, environment: state.environment ?? environment).stats()
            stats.add(state.unmountedDrops, to: \.droppedUnmounted)
            return stats
        }
    }

    /// Deletes every record not in flight; returns how many.
    package func discardPendingEvents() -> Int {
        state.withLock { state in
            openQueue(&state, environment: state.environment ?? environment).discardPending()
        }
    }

    /// Unmounts and closes the queue after any request in flight, releasing its lock. The
    /// `app_open` guard stays, as for a process that keeps running.
    package func close() async {
        let queue = state.withLock { state -> DetourAnalyticsQueue? in
            state.config = nil
            defer { state.queue = nil }
            return state.queue
        }
        await queue?.close()
    }

    /// Closes the queue at once, like a process that dies (see `DetourAnalyticsQueue.terminate`).
    package func terminate() {
        let queue = state.withLock { state -> DetourAnalyticsQueue? in
            state.config = nil
            defer { state.queue = nil }
            return state.queue
        }
        queue?.terminate()
    }

    private struct Mounted {
        let config: DetourConfig
        let environment: DetourEnvironment
        let queue: DetourAnalyticsQueue
        let deviceID: String
    }

    /// The mounted state, or nil after counting the drop and warning.
    private func mounted(dropping what: String) -> Mounted? {
        let mounted = state.withLock { state -> Mounted? in
            guard let config = state.config, let environment = state.environment, let queue = state.queue
            else {
                state.unmountedDrops += 1
                return nil
            }
            return Mounted(
                config: config, environment: environment, queue: queue,
                deviceID: deviceID(&state, environment: environment))
        }
        if mounted == nil {
            environment.logger.warning("Analytics not initialized; \(what) dropped")
        }
        return mounted
    }

    /// The open queue for `environment`'s data directory, opened when needed. A queue on
    /// another directory (the environment changed) is terminated first.
    private func openQueue(_ state: inout State, environment: DetourEnvironment) -> DetourAnalyticsQueue {
        let directory = environment.dataDirectory.appendingPathComponent("analytics-queue", isDirectory: true)
        if let queue = state.queue {
            if queue.directory.standardizedFileURL == directory.standardizedFileURL {
                return queue
            }
            queue.terminate()
        }
        let queue = DetourAnalyticsQueue(environment: environment)
        state.queue = queue
        return queue
    }

    /// The device id: a lowercase UUID v4 kept under `Detour_deviceId`, created on first use.
    /// A stored value that is not a UUID is replaced.
    private func deviceID(_ state: inout State, environment: DetourEnvironment) -> String {
        if let cached = state.deviceID { return cached }
        let identifier: String
        if let stored = environment.store.string(forKey: Self.deviceIDKey),
            let uuid = UUID(uuidString: stored)
        {
            identifier = uuid.uuidString.lowercased()
        } else {
            identifier = UUID().uuidString.lowercased()
            environment.store.set(identifier, forKey: Self.deviceIDKey)
        }
        state.deviceID = identifier
        return identifier
    }
}
