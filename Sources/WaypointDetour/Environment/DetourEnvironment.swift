import Foundation
import Waypoint
import WaypointHTTP

/// The services the adapter touches. Every one can be replaced, which is how tests (and apps
/// outside iOS) drive the adapter.
///
/// Set `DetourEnvironment.current` before the first call into `Detour` or `DetourAnalytics`;
/// an analytics mount keeps the environment it started with.
public struct DetourEnvironment: Sendable {
    /// Sends HTTP requests; redirects must not be followed.
    public var transport: any DetourHTTPTransport
    /// Keeps the first-entrance flag and the analytics device id.
    public var store: any DetourKeyValueStore
    /// Supplies a pasted link for deferred matching.
    public var clipboard: any DetourClipboardSource
    /// Describes the device.
    public var device: any DetourDeviceInfoProvider
    /// Where the analytics queue (`analytics-queue/`) and, outside Apple platforms, the store
    /// file live.
    public var dataDirectory: URL
    /// The `X-SDK` header value.
    public var sdkIdentifier: String
    /// The overall timeout of each kind of request, covering the whole exchange: sending,
    /// the headers and the last byte of the body.
    public var timeouts: DetourTimeouts
    /// The most body bytes the adapter accepts in any answer (short links, match-link,
    /// analytics). A longer answer is a failure: the link is used as it is, deferred
    /// matching gives the empty result, an analytics record is retried later. Default
    /// ``defaultMaxResponseBytes`` (1 MiB).
    public var maxResponseBytes: Int
    /// How many records the analytics queue holds before it deletes the oldest.
    public var analyticsQueueCapacity: Int
    /// A random number in [0, 1), for backoff jitter.
    public var random: @Sendable () -> Double
    /// The current time, for timestamps and `Retry-After` dates.
    public var now: @Sendable () -> Date
    /// Where the adapter's diagnostics go.
    package var logger: DetourLogger
    /// The real duration of one second of analytics backoff; tests shrink it.
    package var backoffSecond: TimeInterval
    /// Waits the given seconds (throwing when cancelled): the timer behind every request
    /// deadline when ``deadlineTimer`` is nil. Tests replace it with a clock they move by
    /// hand; setting it clears ``deadlineTimer``, so that clock alone decides every deadline.
    package var sleep: @Sendable (TimeInterval) async throws -> Void {
        didSet { deadlineTimer = nil }
    }
    /// Called after the analytics queue has recorded the outcome of an attempt to send a
    /// record (its counters and files updated), off the queue's lock: how tests wait for a
    /// delivery without polling. Nil by default.
    package var analyticsAttemptRecorded: (@Sendable () -> Void)?
    /// The timer behind every request deadline: by default a Dispatch timer, which fires
    /// even when every thread of the cooperative pool is busy (a timer that is an async task
    /// would need a pool thread to notice that the time has passed). Nil: ``sleep`` is the
    /// timer.
    package var deadlineTimer: DeadlineTimer? = .dispatch

    /// The default of ``maxResponseBytes``: 1 MiB, far above any answer the server sends.
    public static let defaultMaxResponseBytes = 1 << 20

    /// The platform defaults, rooted in the platform's data directory.
    public init() {
        self.init(dataDirectory: DetourDataDirectory.platformDefault())
    }

    /// The platform defaults with files under `dataDirectory`. Outside Apple platforms the
    /// store is the JSON file `detour-store.json` in that directory.
    public init(dataDirectory: URL) {
        self.dataDirectory = dataDirectory
        transport = DetourURLSessionTransport()
        #if canImport(Darwin)
            store = DetourUserDefaultsStore()
        #else
            store = DetourFileKeyValueStore(
                fileURL: dataDirectory.appendingPathComponent("detour-store.json"), logger: .standardError)
        #endif
        #if os(iOS) || os(visionOS) || os(macOS)
            clipboard = DetourSystemClipboard()
        #else
            clipboard = DetourNoClipboard()
        #endif
        device = DetourSystemDeviceInfo()
        sdkIdentifier = DetourVersion.sdkIdentifier
        timeouts = DetourTimeouts()
        analyticsQueueCapacity = 1000
        random = { Double.random(in: 0..<1) }
        now = { Date() }
        logger = .standardError
        backoffSecond = 1
        maxResponseBytes = Self.defaultMaxResponseBytes
        sleep = { seconds in
            try await Task.sleep(nanoseconds: UInt64(max(0, min(seconds, 1_000_000)) * 1_000_000_000))
        }
    }

    private static let storage = Locked<DetourEnvironment?>(nil)

    /// The environment the shared instances use; created with the platform defaults on
    /// first read. Reading and writing are thread-safe.
    public static var current: DetourEnvironment {
        get {
            storage.withLock { stored in
                if let stored { return stored }
                let created = DetourEnvironment()
                stored = created
                return created
            }
        }
        set {
            storage.withLock { $0 = newValue }
        }
    }
}
